#include "analysis/SampleEstimate.h"

#include <algorithm>
#include <cmath>

namespace hostsync::trace {

double studentT95(uint64_t df) {
  static const double table[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                                 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                                 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                                 2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
  if (df == 0)
    return table[0];
  if (df <= 30)
    return table[df - 1];
  return 1.96 + 2.4 / static_cast<double>(df); // within 0.005 of the exact value past 30
}

void ClusterSums::add(double y, double x) {
  ++n_;
  sy_ += y;
  sx_ += x;
  syy_ += y * y;
  sxx_ += x * x;
  sxy_ += x * y;
}

ClusterSums ClusterSums::over(uint64_t windows) const {
  ClusterSums s = *this;
  s.n_ = std::max(n_, windows);
  return s;
}

Estimate ClusterSums::total(double total) const {
  Estimate e;
  e.windows = n_;
  e.observed = sx_;
  if (sx_ <= 0)
    return e;
  double r = sy_ / sx_;
  e.value = e.lo = e.hi = r * total;
  if (n_ < 2)
    return e;
  double n = static_cast<double>(n_), xbar = sx_ / n;
  double residual = std::max(0.0, syy_ - 2 * r * sxy_ + r * r * sxx_);
  double f = total > 0 ? std::min(1.0, sx_ / total) : 1;
  double var = (1 - f) * total * total / (n * xbar * xbar) * residual / (n - 1);
  double half = studentT95(n_ - 1) * std::sqrt(var);
  e.lo = std::max(0.0, e.value - half);
  e.hi = e.value + half;
  e.interval = true;
  return e;
}

} // namespace hostsync::trace
