#include "analysis/Timeline.h"

#include <algorithm>

namespace hostsync::trace {

namespace {
std::pair<Ns, Ns> chooseSpan(const TraceModel &m, const Summary &s) {
  if (!s.sites.empty()) {
    std::vector<const Stall *> atTop;
    for (const Stall &st : s.stalls)
      if (st.site == s.sites.front().site)
        atTop.push_back(&st);
    size_t k = atTop.size() / 2;
    if (k + 1 < atTop.size())
      return {atTop[k]->start, atTop[k + 1]->end};
    Ns len = atTop[k]->length();
    return {atTop[k]->start - len, atTop[k]->end + len};
  }
  // No stalls: a slice from the middle of the run.
  Ns lo = 0, hi = 0;
  for (const GpuActivity &g : m.gpu) {
    lo = lo ? std::min(lo, g.start) : g.start;
    hi = std::max(hi, g.end);
  }
  Ns mid = lo + (hi - lo) / 2;
  return {mid, std::min(hi, mid + 20000000)};
}
} // namespace

TimelineWindow representativeWindow(const TraceModel &m, const Summary &s, size_t max_events) {
  TimelineWindow w;
  auto [lo, hi] = chooseSpan(m, s);
  // Cut the end back until the slice holds at most max_events events.
  std::vector<Ns> starts;
  for (const ApiCall &a : m.api)
    if (a.end >= lo && a.start <= hi)
      starts.push_back(std::max(a.start, lo));
  for (const GpuActivity &g : m.gpu)
    if (g.end >= lo && g.start <= hi)
      starts.push_back(std::max(g.start, lo));
  if (starts.size() > max_events) {
    std::nth_element(starts.begin(), starts.begin() + max_events, starts.end());
    hi = starts[max_events];
  }
  w.start = lo;
  w.end = hi;
  for (size_t i = 0; i < m.api.size(); ++i)
    if (m.api[i].end >= lo && m.api[i].start < hi)
      w.api.push_back(i);
  for (size_t i = 0; i < m.gpu.size(); ++i)
    if (m.gpu[i].end >= lo && m.gpu[i].start < hi)
      w.gpu.push_back(i);
  for (size_t i = 0; i < s.stalls.size(); ++i)
    if (s.stalls[i].end >= lo && s.stalls[i].start < hi)
      w.stalls.push_back(i);
  return w;
}

} // namespace hostsync::trace
