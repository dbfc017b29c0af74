// A distribution of stall lengths in fixed memory, for the per-site aggregates that are to
// be folded as the run goes (issue 34, item 1; docs/trace.md, "Constant memory"): a site
// with a million stalls must not keep a million lengths. Count, total, min and max are
// exact; a percentile is the geometric middle of the bucket that holds its rank, buckets
// 2^(1/16) wide (at most 2.2% from the true length), clamped to [min, max], so that a site
// whose stalls are all alike reads exactly; the first and last ranks are min and max.
// Two histograms merge by adding.
#pragma once

#include "model/TraceModel.h"

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace hostsync::trace {

class StallHistogram {
public:
  static constexpr int PerOctave = 16;
  static constexpr int Octaves = 40; // 1 us to 2^40 us (12 days): every stall that can be
  static constexpr int Buckets = PerOctave * Octaves;

  void add(Ns length);
  void merge(const StallHistogram &other);
  uint64_t count() const { return count_; }
  Ns total() const { return total_; }
  Ns min() const { return count_ ? min_ : 0; }
  Ns max() const { return max_; }
  // The p-quantile (0..1), by the rank that percentile() in analysis/Summary takes of a
  // sorted sample; 0 when empty.
  Ns percentile(double p) const;

  // As trace.json keeps it (a site's `lengths`): the exact figures and the non-empty buckets,
  // so that the symbolize step can merge the sites of one line exactly.
  struct Parts {
    uint64_t count = 0;
    Ns total = 0, min = 0, max = 0;
    std::vector<std::pair<int, uint64_t>> buckets; // (index, stalls), index in [0, Buckets)
  };
  Parts parts() const;
  // False when the parts do not make a histogram (an index out of range, counts that do not
  // add up to count).
  static bool fromParts(const Parts &p, StallHistogram &out);

private:
  static int bucketOf(Ns length);
  std::array<uint64_t, Buckets> counts_{};
  uint64_t count_ = 0;
  Ns total_ = 0, min_ = 0, max_ = 0;
};

} // namespace hostsync::trace
