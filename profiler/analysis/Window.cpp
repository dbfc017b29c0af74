#include "analysis/Window.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace hostsync::trace {

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
  auto inside = [&](Ns t) {
    for (const auto &[lo, hi] : windows)
      if (lo <= t && t < hi)
        return true;
    return false;
  };
  TraceModel out = m; // names, counters
  out.api.clear();
  out.gpu.clear();
  out.syncs.clear();
  out.overheads.clear();
  for (const ApiCall &a : m.api)
    if (inside(a.start))
      out.api.push_back(a);
  for (const GpuActivity &g : m.gpu)
    if (inside(g.start))
      out.gpu.push_back(g);
  for (const SyncRecord &s : m.syncs)
    if (inside(s.start))
      out.syncs.push_back(s);
  for (const Overhead &o : m.overheads)
    if (inside(o.start))
      out.overheads.push_back(o);
  info.windows = windows.size();
  for (const auto &[lo, hi] : windows)
    if (hi != std::numeric_limits<Ns>::max())
      info.kept_ns += hi - lo;
  return out;
}

} // namespace hostsync::trace
