#include "analysis/StallHistogram.h"

#include <algorithm>
#include <cmath>

namespace hostsync::trace {

int StallHistogram::bucketOf(Ns length) {
  if (length <= 1000)
    return 0; // a microsecond or less: below any stall threshold
  double b = std::floor(std::log2(static_cast<double>(length) / 1000.0) * PerOctave);
  return static_cast<int>(std::clamp(b, 0.0, static_cast<double>(Buckets - 1)));
}

void StallHistogram::add(Ns length) {
  length = std::max<Ns>(length, 0);
  ++counts_[bucketOf(length)];
  min_ = count_ ? std::min(min_, length) : length;
  max_ = std::max(max_, length);
  total_ += length;
  ++count_;
}

void StallHistogram::merge(const StallHistogram &other) {
  if (!other.count_)
    return;
  for (int i = 0; i < Buckets; ++i)
    counts_[i] += other.counts_[i];
  min_ = count_ ? std::min(min_, other.min_) : other.min_;
  max_ = std::max(max_, other.max_);
  total_ += other.total_;
  count_ += other.count_;
}

StallHistogram::Parts StallHistogram::parts() const {
  Parts p{count_, total_, min(), max_, {}};
  for (int i = 0; i < Buckets; ++i)
    if (counts_[i])
      p.buckets.push_back({i, counts_[i]});
  return p;
}

bool StallHistogram::fromParts(const Parts &p, StallHistogram &out) {
  StallHistogram h;
  uint64_t n = 0;
  for (const auto &[i, c] : p.buckets) {
    if (i < 0 || i >= Buckets || __builtin_add_overflow(n, c, &n))
      return false;
    h.counts_[i] += c;
  }
  if (n != p.count || p.min < 0 || p.max < p.min || p.total < 0)
    return false;
  h.count_ = p.count;
  h.total_ = p.total;
  h.min_ = p.min;
  h.max_ = p.max;
  out = h;
  return true;
}

Ns StallHistogram::percentile(double p) const {
  if (!count_)
    return 0;
  // The same rank as percentile() over a sorted sample: index round(p * (n - 1)).
  uint64_t rank = static_cast<uint64_t>(p * static_cast<double>(count_ - 1) + 0.5);
  if (rank == 0)
    return min_; // the ends are known exactly
  if (rank >= count_ - 1)
    return max_;
  uint64_t seen = 0;
  int bucket = 0;
  for (; bucket < Buckets - 1; ++bucket) {
    seen += counts_[bucket];
    if (seen > rank)
      break;
  }
  double middle = 1000.0 * std::exp2((bucket + 0.5) / PerOctave);
  return std::clamp(static_cast<Ns>(std::llround(middle)), min_, max_);
}

} // namespace hostsync::trace
