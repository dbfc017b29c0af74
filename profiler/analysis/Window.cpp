#include "analysis/Window.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace hostsync::trace {

namespace {
// The events that start inside one of the windows; names, stacks and counters are kept.
TraceModel keepStartingInside(const TraceModel &m, const std::vector<std::pair<Ns, Ns>> &windows) {
  auto inside = [&](Ns t) {
    for (const auto &[lo, hi] : windows)
      if (lo <= t && t < hi)
        return true;
    return false;
  };
  TraceModel out = m;
  auto keep = [&](auto &into, const auto &from) {
    into.clear();
    for (const auto &e : from)
      if (inside(e.start))
        into.push_back(e);
  };
  keep(out.api, m.api);
  keep(out.gpu, m.gpu);
  keep(out.syncs, m.syncs);
  keep(out.overheads, m.overheads);
  return out;
}
} // namespace

std::vector<std::pair<Ns, Ns>> windowsOfMarks(std::vector<std::pair<Ns, bool>> marks) {
  std::sort(marks.begin(), marks.end());
  std::vector<std::pair<Ns, Ns>> windows;
  Ns open = -1;
  for (const auto &[t, isStart] : marks) {
    if (isStart && open < 0)
      open = t;
    else if (!isStart && open >= 0) {
      windows.push_back({open, t});
      open = -1;
    }
  }
  if (open >= 0)
    windows.push_back({open, std::numeric_limits<Ns>::max()});
  return windows;
}

TraceModel restrictToProfilerWindows(const TraceModel &m, WindowInfo &info) {
  std::vector<std::pair<Ns, bool>> marks; // (time, is start)
  for (const ApiCall &a : m.api) {
    const std::string &n = m.name(a.name);
    if (n == "cudaProfilerStart")
      marks.push_back({a.end, true});
    else if (n == "cudaProfilerStop")
      marks.push_back({a.start, false});
  }
  info = {};
  if (marks.empty())
    return m;
  std::vector<std::pair<Ns, Ns>> windows = windowsOfMarks(std::move(marks));
  TraceModel out = keepStartingInside(m, windows);
  info.windows = windows.size();
  for (const auto &[lo, hi] : windows)
    if (hi != std::numeric_limits<Ns>::max())
      info.kept_ns += hi - lo;
  return out;
}

TraceModel skipWarmup(const TraceModel &m, Ns skip_ns) {
  if (skip_ns <= 0)
    return m;
  Ns first = std::numeric_limits<Ns>::max();
  for (const ApiCall &a : m.api)
    first = std::min(first, a.start);
  for (const GpuActivity &g : m.gpu)
    first = std::min(first, g.start);
  if (first == std::numeric_limits<Ns>::max())
    return m;
  return keepStartingInside(m, {{first + skip_ns, std::numeric_limits<Ns>::max()}});
}

TraceModel skipSteps(const TraceModel &m, size_t steps, std::string &note) {
  if (steps == 0)
    return m;
  if (m.step_starts.size() <= steps) {
    note = "only " + std::to_string(m.step_starts.size()) + " steps (NVTX ranges named '" +
           m.step_range + "') were seen, " + std::to_string(steps) +
           " to skip: nothing is left to analyse";
    return keepStartingInside(m, {});
  }
  return keepStartingInside(m, {{m.step_starts[steps], std::numeric_limits<Ns>::max()}});
}

} // namespace hostsync::trace
