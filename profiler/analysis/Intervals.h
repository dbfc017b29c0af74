// Interval arithmetic shared by the analyses: unions, intersections and lengths of sets of
// [start, end) intervals in nanoseconds.
#pragma once

#include "model/TraceModel.h"

#include <vector>

namespace hostsync::trace {

struct Span {
  Ns start = 0, end = 0;
  Ns length() const { return end - start; }
};

// Sorted, non-overlapping union of the spans.
std::vector<Span> unite(std::vector<Span> spans);
// Intersection of two unions (each sorted and non-overlapping).
std::vector<Span> intersect(const std::vector<Span> &a, const std::vector<Span> &b);
Ns total(const std::vector<Span> &united);
// Time during which at least `k` of the given unions overlap.
Ns coveredByAtLeast(const std::vector<std::vector<Span>> &unions, int k);

} // namespace hostsync::trace
