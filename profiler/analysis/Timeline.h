// The representative slice of a trace that the report draws: one step around the costliest
// call site's median stall (from that stall to the next one at the same site), cut to at
// most max_events events so the picture stays small whatever the length of the run.
#pragma once

#include "analysis/Summary.h"

namespace hostsync::trace {

struct TimelineWindow {
  Ns start = 0, end = 0;
  std::vector<size_t> api;    // indices into TraceModel::api
  std::vector<size_t> gpu;    // indices into TraceModel::gpu
  std::vector<size_t> stalls; // into Summary::stalls
};

TimelineWindow representativeWindow(const TraceModel &m, const Summary &s,
                                    size_t max_events = 2000);

} // namespace hostsync::trace
