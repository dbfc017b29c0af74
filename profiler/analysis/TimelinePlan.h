// Which parts of a run get a timeline (issue 34; docs/trace.md, "Timelines"). A folded run
// keeps only its last seconds, so a timeline is written as the run goes, for windows the
// user chose: NVTX steps A..B, a few seconds every N seconds, each cudaProfilerStart..Stop,
// the seconds after a SIGUSR2. The plan says, fold by fold, which windows have begun and
// where each ends once that is known; io/TimelineFiles writes them. No CUDA, no files.
#pragma once

#include "analysis/Intervals.h"
#include "model/TraceModel.h"

#include <string>
#include <utility>
#include <vector>

namespace hostsync::trace {

struct TimelineOptions {
  bool steps = false; // NVTX steps first_step..last_step (counted from 0, both included)
  size_t first_step = 0, last_step = 0;
  Ns every_ns = 0, for_ns = 0; // for_ns from every every_ns of the run (the first after one period)
  bool profiler = false;       // each cudaProfilerStart..Stop
  Ns signal_ns = 0;            // after each request() (SIGUSR2), this long; 0: none
  uint64_t max_bytes = 256ull << 20; // one window's file: cut there
  // A window is written until the run is this far past its end: a kernel or an idle gap that
  // began inside it and ends within this is shown whole (a longer one is not shown).
  Ns settle_ns = 1'000'000'000;
  bool any() const { return steps || (every_ns > 0 && for_ns > 0) || profiler || signal_ns > 0; }
};

// "A-B" or "A" (one step): first and last, or why not ("" when read).
std::string parseStepRange(const std::string &text, size_t &first, size_t &last);

struct PlannedWindow {
  std::string name;   // in the file's name: steps-100-120, every-3, profiler-2, signal-1
  std::string reason; // for people: "NVTX steps 100-120", "cudaProfilerStart..Stop 2"
  TimeRange range;    // hi: Never while the end is not known
};

class TimelinePlan {
public:
  explicit TimelinePlan(TimelineOptions options) : options_(options) {}
  const TimelineOptions &options() const { return options_; }
  // A window from `at`, signal_ns long (nothing when signals are not asked for).
  void request(Ns at);
  // Brings the windows up to the fold whose cut is `cut`: those that have begun before it are
  // listed (in the order they were found, which never changes) with the ends known now.
  // first: the run's first event; profiler: its cudaProfilerStart..Stop windows so far
  // (analysis/Window's windowsOfMarks: an open one ends at Never).
  const std::vector<PlannedWindow> &update(const TraceModel &m, Ns first,
                                           const std::vector<std::pair<Ns, Ns>> &profiler, Ns cut);
  const std::vector<PlannedWindow> &windows() const { return windows_; }

private:
  TimelineOptions options_;
  std::vector<PlannedWindow> windows_;
  std::vector<Ns> requests_;
  int steps_ = -1;                    // windows_ index of the step window, once begun
  size_t every_ = 0;                  // periodic windows begun
  size_t signals_ = 0;                // requests turned into windows
  std::vector<size_t> profilerIndex_; // windows_ index of each profiler window begun
};

} // namespace hostsync::trace
