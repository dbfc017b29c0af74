// Estimates of a whole run from its sampled windows (analysis/SampleSchedule), with a 95%
// confidence interval. Each window is a cluster: it observed x (GPU time, or syncs of a site)
// and measured y in it (busy time, or GPU idle after those syncs). The run's total is the
// ratio estimator of cluster sampling, Y = X * sum(y) / sum(x), where X is known exactly (the
// run's length; every sync is counted, sampled or not); its variance is Cochran's (Sampling
// Techniques, 6.9 and 11.8): (1 - f) X^2 / (n xbar^2) * sum((y - R x)^2) / (n - 1), with f the
// share of X observed. Stratified windows vary less than random ones, so the interval is on
// the safe side. Kept as running sums: memory does not grow with the number of windows.
#pragma once

#include <cstdint>

namespace hostsync::trace {

struct Estimate {
  double value = 0, lo = 0, hi = 0;
  uint64_t windows = 0;  // the clusters it rests on
  double observed = 0;   // sum(x): what the windows observed of `total`
  bool interval = false; // false: fewer than two windows, no interval can be given
};

class ClusterSums {
public:
  // One window's y and x (a window where the thing was absent adds (0, 0): it still counts).
  void add(double y, double x);
  uint64_t windows() const { return n_; }
  double y() const { return sy_; }
  double x() const { return sx_; }
  // The total of y over a run whose x adds up to `total`. With nothing observed, value 0 and
  // no interval.
  Estimate total(double total) const;
  // The same sums, where `windows` windows were taken in all and only these added (the
  // others saw none of it): what a site's sums are once every window is counted.
  ClusterSums over(uint64_t windows) const;

private:
  uint64_t n_ = 0;
  double sy_ = 0, sx_ = 0, syy_ = 0, sxx_ = 0, sxy_ = 0;
};

// Student's t, two-sided 95%, for `df` degrees of freedom (df >= 1).
double studentT95(uint64_t df);

} // namespace hostsync::trace
