#include "analysis/Timeline.h"

#include "analysis/Summary.h"

#include <algorithm>

namespace hostsync::trace {

namespace {
std::pair<Ns, Ns> chooseSpan(const TraceModel &m, const Summary &s) {
  if (!s.sites.empty()) {
    std::vector<const Stall *> atTop;
    for (const Stall &st : s.stalls)
      if (st.site == s.sites.front().site)
        atTop.push_back(&st);
    if (!atTop.empty()) {
      size_t k = atTop.size() / 2;
      if (k + 1 < atTop.size())
        return {atTop[k]->start, atTop[k + 1]->end};
      Ns len = atTop[k]->length();
      return {atTop[k]->start - len, atTop[k]->end + len};
    }
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

TimelineSlice representativeSlice(const TraceModel &m, const Summary &s, size_t max_events) {
  TimelineSlice w;
  std::pair<Ns, Ns> span = chooseSpan(m, s);
  Ns lo = span.first, hi = span.second;
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
  auto inside = [&](const auto &e) { return e.end >= lo && e.start < hi; };
  std::copy_if(m.api.begin(), m.api.end(), std::back_inserter(w.api), inside);
  std::copy_if(m.gpu.begin(), m.gpu.end(), std::back_inserter(w.gpu), inside);
  std::vector<long> sliceIndex(s.stalls.size(), -1);
  for (size_t i = 0; i < s.stalls.size(); ++i)
    if (inside(s.stalls[i])) {
      sliceIndex[i] = static_cast<long>(w.stalls.size());
      w.stalls.push_back(s.stalls[i]);
    }
  for (const DeviceIdle &d : s.idle)
    for (IdleGap g : d.gaps)
      if (g.end >= lo && g.start < hi) {
        g.stall = g.stall >= 0 && static_cast<size_t>(g.stall) < sliceIndex.size()
                      ? sliceIndex[g.stall]
                      : -1;
        w.gaps.push_back({d.device, g});
      }
  return w;
}

} // namespace hostsync::trace
