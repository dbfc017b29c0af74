#include "analysis/Summary.h"
#include "model/ApiRegistry.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <map>
#include <unordered_set>

namespace hostsync::trace {

Ns percentile(std::vector<Ns> v, double p) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  size_t i = static_cast<size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

namespace {
// The host-time spans of CUDA graph captures: from each cudaStreamBeginCapture* to the
// thread's next cudaStreamEndCapture. A capture is open to every thread (the autograd
// engine launches a captured backward from its own thread), so the spans are global:
// returned sorted by start and merged where they overlap, for a binary search.
std::vector<std::pair<Ns, Ns>> captureSpans(const TraceModel &m) {
  std::vector<std::pair<const ApiCall *, CaptureMark>> calls;
  for (const ApiCall &a : m.api)
    if (CaptureMark mark = captureMarkOf(m.name(a.name)); mark != CaptureMark::None)
      calls.emplace_back(&a, mark);
  std::sort(calls.begin(), calls.end(),
            [](const auto &x, const auto &y) { return x.first->start < y.first->start; });
  std::map<uint32_t, Ns> openSince; // thread -> start of its open capture
  std::vector<std::pair<Ns, Ns>> spans;
  for (const auto &[a, mark] : calls) {
    if (mark == CaptureMark::Begin)
      openSince.emplace(a->thread, a->start);
    else if (auto it = openSince.find(a->thread); it != openSince.end()) {
      spans.emplace_back(it->second, a->end);
      openSince.erase(it);
    }
  }
  for (const auto &open : openSince) // never ended within the trace
    spans.emplace_back(open.second, std::numeric_limits<Ns>::max());
  std::sort(spans.begin(), spans.end());
  std::vector<std::pair<Ns, Ns>> merged;
  for (const auto &span : spans)
    if (!merged.empty() && span.first <= merged.back().second)
      merged.back().second = std::max(merged.back().second, span.second);
    else
      merged.push_back(span);
  return merged;
}
} // namespace

Summary summarize(const TraceModel &m, Ns min_stall_ns, const Earlier &earlier) {
  Summary s;
  s.stalls = findStalls(m, min_stall_ns);
  s.stalls.erase(std::remove_if(s.stalls.begin(), s.stalls.end(),
                                [&](const Stall &st) { return st.end < earlier.until; }),
                 s.stalls.end());
  s.stalls.insert(s.stalls.end(), earlier.stalls.begin(), earlier.stalls.end());
  s.idle = findIdle(m, s.stalls, earlier.busy_until);
  s.overlap = findOverlap(m);
  s.communication = findCommunication(m);
  Ns lo = 0, hi = 0;
  auto see = [&](Ns a, Ns b) {
    lo = lo == 0 ? a : std::min(lo, a);
    hi = std::max(hi, b);
  };
  for (const ApiCall &a : m.api)
    see(a.start, a.end);
  for (const GpuActivity &g : m.gpu)
    see(g.start, g.end);
  s.window_ns = hi - lo;

  LaunchCounts launches = countLaunches(m);
  s.launches = launches.launches;
  s.launches_without_work = launches.without_work;
  s.launches_captured = launches.captured;
  s.records = {m.api.size(), m.gpu.size(), m.syncs.size(), m.overheads.size(), m.external.size()};

  s.stall_idle_ns.assign(s.stalls.size(), 0);
  for (const DeviceIdle &d : s.idle)
    for (const IdleGap &g : d.gaps)
      if (g.cause == GapCause::SyncBubble) {
        s.stall_idle_ns[g.stall] += g.length();
        s.bubble_ns += g.length();
      }
  std::vector<StallCost> costs;
  for (size_t i = 0; i < s.stalls.size(); ++i) {
    const Stall &st = s.stalls[i];
    costs.push_back({st.site, st.stack, st.length(), st.bytes, s.stall_idle_ns[i], st.waited});
    s.stall_ns += st.length();
    s.stall_count += st.waited;
  }
  s.sites = costBySite(costs);
  s.sync_count = s.stalls.size();
  s.timeline = representativeSlice(m, s);
  return s;
}

LaunchCounts countLaunches(const TraceModel &m, const TimeRange &within) {
  LaunchCounts n;
  std::unordered_set<uint32_t> withWork;
  for (const GpuActivity &g : m.gpu)
    withWork.insert(g.correlation);
  const auto captures = captureSpans(m);
  auto captured = [&](Ns t) { // the last span starting at or before t holds it, if any does
    auto after = std::upper_bound(captures.begin(), captures.end(), t,
                                  [](Ns x, const std::pair<Ns, Ns> &c) { return x < c.first; });
    return after != captures.begin() && t <= std::prev(after)->second;
  };
  for (const ApiCall &a : m.api)
    if (within.holds(a.end) && m.name(a.name).rfind("cudaLaunchKernel", 0) == 0) {
      ++n.launches;
      if (withWork.count(a.correlation))
        continue;
      if (captured(a.start))
        ++n.captured;
      else
        ++n.without_work;
    }
  return n;
}

std::vector<SiteCost> costBySite(const std::vector<StallCost> &stalls) {
  std::map<uint32_t, SiteCost> bySite;
  std::map<uint32_t, std::vector<Ns>> lengths;
  for (const StallCost &st : stalls) {
    SiteCost &c = bySite[st.site];
    c.site = st.site;
    ++c.count;
    c.waited += st.waited;
    c.stall_ns += st.length;
    c.bytes += st.bytes;
    c.idle_charged_ns += st.idle;
    c.lengths.add(st.length);
    if (c.stack < 0)
      c.stack = st.stack;
    lengths[st.site].push_back(st.length);
  }
  std::vector<SiteCost> sites;
  for (auto &[site, c] : bySite) {
    c.p50_ns = percentile(lengths[site], 0.5);
    c.p99_ns = percentile(lengths[site], 0.99);
    sites.push_back(c);
  }
  sortByCost(sites);
  return sites;
}

void sortByCost(std::vector<SiteCost> &sites) {
  std::sort(sites.begin(), sites.end(), [](const SiteCost &a, const SiteCost &b) {
    return a.idle_charged_ns != b.idle_charged_ns ? a.idle_charged_ns > b.idle_charged_ns
                                                  : a.stall_ns > b.stall_ns;
  });
}

} // namespace hostsync::trace
