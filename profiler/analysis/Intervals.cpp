#include "analysis/Intervals.h"

#include <algorithm>

namespace hostsync::trace {

std::vector<Span> unite(std::vector<Span> spans) {
  std::sort(spans.begin(), spans.end(),
            [](const Span &a, const Span &b) { return a.start < b.start; });
  std::vector<Span> out;
  for (const Span &s : spans) {
    if (s.end <= s.start)
      continue;
    if (!out.empty() && s.start <= out.back().end)
      out.back().end = std::max(out.back().end, s.end);
    else
      out.push_back(s);
  }
  return out;
}

std::vector<Span> intersect(const std::vector<Span> &a, const std::vector<Span> &b) {
  std::vector<Span> out;
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    Ns lo = std::max(a[i].start, b[j].start), hi = std::min(a[i].end, b[j].end);
    if (lo < hi)
      out.push_back({lo, hi});
    (a[i].end < b[j].end) ? ++i : ++j;
  }
  return out;
}

Ns total(const std::vector<Span> &united) {
  Ns sum = 0;
  for (const Span &s : united)
    sum += s.length();
  return sum;
}

Ns coveredByAtLeast(const std::vector<std::vector<Span>> &unions, int k) {
  return total(spansCoveredByAtLeast(unions, k));
}

std::vector<Span> spansCoveredByAtLeast(const std::vector<std::vector<Span>> &unions, int k) {
  std::vector<std::pair<Ns, int>> edges;
  for (const auto &u : unions)
    for (const Span &s : u) {
      edges.push_back({s.start, +1});
      edges.push_back({s.end, -1});
    }
  // Ends before starts at the same instant: touching spans do not overlap.
  std::sort(edges.begin(), edges.end());
  std::vector<Span> covered;
  Ns last = 0;
  int depth = 0;
  for (const auto &[t, d] : edges) {
    if (depth >= k && t > last) {
      if (!covered.empty() && covered.back().end == last)
        covered.back().end = t;
      else
        covered.push_back({last, t});
    }
    depth += d;
    last = t;
  }
  return covered;
}

} // namespace hostsync::trace
