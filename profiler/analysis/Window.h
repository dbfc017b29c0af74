// Time windows: when the program marks its region of interest with cudaProfilerStart /
// cudaProfilerStop (as the demos' harness does around its timed rounds), only events that
// start inside a window are analysed; set-up and warm-up are left out.
#pragma once

#include "model/TraceModel.h"

#include <string>
#include <utility>
#include <vector>

namespace hostsync::trace {

struct WindowInfo {
  size_t windows = 0; // 0: no profiler markers, the whole trace was kept
  Ns kept_ns = 0;     // total length of the windows
};

// The windows that profiler marks open and close, in time order: (time, is a start) pairs, a
// start's time being when cudaProfilerStart returned, a stop's when cudaProfilerStop began.
// A start without a stop runs to the end (the largest time).
std::vector<std::pair<Ns, Ns>> windowsOfMarks(std::vector<std::pair<Ns, bool>> marks);

// Returns the events inside the cudaProfilerStart..Stop windows (all of them when there
// are no markers). A Start without a Stop runs to the end of the trace.
TraceModel restrictToProfilerWindows(const TraceModel &m, WindowInfo &info);

// Leaves out the first skip_ns of the trace (warm-up: lazy loading, cuDNN autotuning,
// allocator growth), counted from its first event.
TraceModel skipWarmup(const TraceModel &m, Ns skip_ns);

// Leaves out the first `steps` steps (m.step_starts: the NVTX step marks): the trace starts
// where step number `steps` (counted from 0) began. With fewer marks than that, nothing is
// left, and `note` says how many steps were seen.
TraceModel skipSteps(const TraceModel &m, size_t steps, std::string &note);

} // namespace hostsync::trace
