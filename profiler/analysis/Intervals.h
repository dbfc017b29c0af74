// Interval arithmetic shared by the analyses: unions, intersections and lengths of sets of
// [start, end) intervals in nanoseconds.
#pragma once

#include "model/TraceModel.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace hostsync::trace {

// A time no event reaches: the end of what is still open.
inline constexpr Ns Never = std::numeric_limits<Ns>::max();

struct Span {
  Ns start = 0, end = 0;
  Ns length() const { return end - start; }
};

// A half-open range of time [lo, hi), everything by default. The run is analysed in slices
// (analysis/RunFold): a slice's busy time is its spans cut to the slice, so that the times of
// consecutive slices add up to the whole run's.
struct TimeRange {
  Ns lo = std::numeric_limits<Ns>::min(), hi = std::numeric_limits<Ns>::max();
  bool holds(Ns t) const { return lo <= t && t < hi; }
  // The span cut to the range; empty (start == end) when they do not meet.
  Span clip(Ns start, Ns end) const {
    Ns a = std::max(start, lo), b = std::min(end, hi);
    return a < b ? Span{a, b} : Span{a, a};
  }
};

// Sorted, non-overlapping union of the spans.
std::vector<Span> unite(std::vector<Span> spans);
// Intersection of two unions (each sorted and non-overlapping).
std::vector<Span> intersect(const std::vector<Span> &a, const std::vector<Span> &b);
Ns total(const std::vector<Span> &united);
// Time during which at least `k` of the given unions overlap; and that time as spans.
Ns coveredByAtLeast(const std::vector<std::vector<Span>> &unions, int k);
std::vector<Span> spansCoveredByAtLeast(const std::vector<std::vector<Span>> &unions, int k);

} // namespace hostsync::trace
