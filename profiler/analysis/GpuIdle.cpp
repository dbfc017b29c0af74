#include "analysis/GpuIdle.h"

#include "analysis/Intervals.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace hostsync::trace {

const char *gapCauseName(GapCause C) {
  switch (C) {
  case GapCause::SyncBubble:
    return "sync_bubble";
  case GapCause::Overhead:
    return "overhead";
  case GapCause::LaunchBound:
    return "launch_bound";
  }
  return "launch_bound";
}

double DeviceIdle::busyPercent() const {
  Ns window = window_end - window_start;
  return window > 0 ? 100.0 * static_cast<double>(busy_ns) / static_cast<double>(window) : 0;
}

std::vector<DeviceIdle> findIdle(const TraceModel &m, const std::vector<Stall> &stalls,
                                 const std::map<uint32_t, Ns> &busy_until) {
  std::map<uint32_t, std::vector<Span>> byDevice;
  for (const GpuActivity &g : m.gpu)
    byDevice[g.device].push_back({g.start, g.end});
  for (const auto &[device, until] : busy_until)
    if (auto it = byDevice.find(device); it != byDevice.end())
      it->second.push_back({until - 1, until});
  // Which host thread launched the work that ends each gap: the bubble is a wait's doing
  // only if that thread was the one waiting (a worker thread's wait does not stop the
  // launching thread).
  std::unordered_map<uint32_t, uint32_t> threadOf; // correlation -> launching thread
  for (const ApiCall &a : m.api)
    threadOf[a.correlation] = a.thread;
  std::map<uint32_t, std::map<Ns, uint32_t>> launcherAt; // device -> start -> thread
  for (const GpuActivity &g : m.gpu)
    if (auto it = threadOf.find(g.correlation); it != threadOf.end())
      launcherAt[g.device].emplace(g.start, it->second);
  // Each thread's stalls, by start: a thread waits in one call at a time, so the only
  // candidate covering an instant is the last one starting before it.
  std::unordered_map<uint32_t, std::vector<size_t>> stallsOf;
  for (size_t i = 0; i < stalls.size(); ++i)
    stallsOf[stalls[i].thread].push_back(i);
  for (auto &[thread, idx] : stallsOf)
    std::sort(idx.begin(), idx.end(),
              [&](size_t a, size_t b) { return stalls[a].start < stalls[b].start; });
  auto waitingAt = [&](uint32_t thread, Ns t) -> long {
    auto it = stallsOf.find(thread);
    if (it == stallsOf.end())
      return -1;
    const auto &idx = it->second;
    auto after = std::upper_bound(idx.begin(), idx.end(), t,
                                  [&](Ns v, size_t i) { return v < stalls[i].start; });
    if (after == idx.begin())
      return -1;
    size_t cand = *(after - 1);
    return t <= stalls[cand].end ? static_cast<long>(cand) : -1;
  };
  std::vector<DeviceIdle> out;
  for (auto &[device, spans] : byDevice) {
    DeviceIdle d;
    d.device = device;
    std::vector<Span> busy = unite(std::move(spans));
    if (busy.empty())
      continue;
    d.window_start = busy.front().start;
    d.window_end = busy.back().end;
    d.busy_ns = total(busy);
    d.idle_ns = (d.window_end - d.window_start) - d.busy_ns;
    auto add = [&](IdleGap g) {
      if (g.cause == GapCause::LaunchBound)
        for (const Overhead &o : m.overheads)
          if (o.start < g.end && g.start < o.end) {
            g.cause = GapCause::Overhead;
            break;
          }
      d.cause_ns[static_cast<int>(g.cause)] += g.length();
      d.gaps.push_back(g);
    };
    for (size_t i = 1; i < busy.size(); ++i) {
      IdleGap g{busy[i - 1].end, busy[i].start, GapCause::LaunchBound, -1};
      const auto &launchers = launcherAt[device];
      auto next = launchers.find(g.end);
      bool knownLauncher = next != launchers.end();
      // A wait in progress on the launching thread when the GPU ran dry (or ending just
      // then): the bubble is that wait's doing. With no known launcher, any thread's.
      if (knownLauncher) {
        g.stall = waitingAt(next->second, g.start);
      } else {
        for (const auto &[thread, idx] : stallsOf)
          if ((g.stall = waitingAt(thread, g.start)) >= 0)
            break;
      }
      if (g.stall < 0) {
        add(g);
        continue;
      }
      // The wait's share: the idle while it lasted, and the refill after it (until the GPU
      // works again) as far as the work that was queued when it began, which the GPU ran from
      // the wait's start until it ran dry: without the wait the host would have done what it
      // did next while the GPU ran that queue. Refill beyond that is the host busy elsewhere
      // (a one-time move to the device followed by seconds of start-up is not the move's idle).
      const Stall &w = stalls[g.stall];
      Ns waitEnd = std::min(std::max(w.end, g.start), g.end);
      Ns queued = std::max<Ns>(g.start - w.start, 0);
      Ns chargedEnd = waitEnd + std::min(g.end - waitEnd, queued);
      add({g.start, chargedEnd, GapCause::SyncBubble, g.stall, chargedEnd < g.end ? g.end : 0});
      if (chargedEnd < g.end)
        add({chargedEnd, g.end, GapCause::LaunchBound, -1});
    }
    out.push_back(std::move(d));
  }
  return out;
}

} // namespace hostsync::trace
