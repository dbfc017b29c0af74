// The representative slice of a trace that the report draws: one step around the costliest
// call site's median stall (from that stall to the next one at the same site), cut to at
// most max_events events so the picture stays small whatever the length of the run. The
// slice holds copies of its events: it outlives the records it was cut from, which a run
// folded as it goes (analysis/RunFold) lets go of.
#pragma once

#include "analysis/GpuIdle.h"
#include "analysis/Stalls.h"

#include <vector>

namespace hostsync::trace {

struct Summary;

struct TimelineGap {
  uint32_t device = 0;
  IdleGap gap; // gap.stall: an index into the slice's stalls, or -1
};

struct TimelineSlice {
  Ns start = 0, end = 0;
  std::vector<ApiCall> api;
  std::vector<GpuActivity> gpu;
  std::vector<Stall> stalls;
  std::vector<TimelineGap> gaps;
  bool empty() const { return api.empty() && gpu.empty(); }
};

TimelineSlice representativeSlice(const TraceModel &m, const Summary &s, size_t max_events = 2000);

} // namespace hostsync::trace
