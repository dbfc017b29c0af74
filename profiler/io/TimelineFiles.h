// The chosen windows' timelines (analysis/TimelinePlan), written as the run goes: each fold
// appends to every window that has begun the events whose end falls in the fold's slice, so
// that what a window shows is written once, whatever the run's length, and the file is done
// when the window closes, not at exit. Each is Perfetto's native trace
// (io/PerfettoTrace.h), trace-<pid>[-rank<R>].<window>.perfetto-trace, written as
// <that>.partial and renamed when the window closes: a .partial file left by a killed run is
// a readable trace of what was written until then. A failed write (a full disk) ends that
// window with one line; the run and the other windows go on.
#pragma once

#include "analysis/Summary.h"
#include "analysis/TimelinePlan.h"
#include "io/PerfettoTrace.h"
#include "io/TraceJson.h"

#include <memory>
#include <string>
#include <vector>

namespace hostsync::trace {

class TimelineFiles {
public:
  // dir and p (its pid and rank) name the files, as trace.json's.
  TimelineFiles(std::string dir, ProcessInfo p) : dir_(std::move(dir)), process_(std::move(p)) {}
  // One fold: m holds the records of slice (and some before it), held their analysis;
  // windows the plan's, brought up to the slice's end. Closes the windows the run is
  // options.settle_ns past (all of them when the slice runs to Never: the run's end), and
  // those past options.max_bytes.
  void onSlice(const TraceModel &m, const Summary &held, const TimeRange &slice,
               const std::vector<PlannedWindow> &windows, const TimelineOptions &options);
  // What was written, window by window (trace.json's "timelines").
  const std::vector<TimelineEntry> &entries() const { return entries_; }
  // The lines to say on stderr since the last call (write failures, windows cut at the cap).
  std::vector<std::string> takeMessages();

private:
  struct Open {
    std::unique_ptr<PerfettoTraceWriter> writer;
    std::string path; // the final name; written as path + ".partial"
  };
  void close(size_t i, const std::string &state);

  std::string dir_;
  ProcessInfo process_;
  std::vector<TimelineEntry> entries_; // one per window begun, by the plan's order
  std::vector<Open> open_;             // likewise; writer null once closed
  std::vector<std::string> messages_;
};

} // namespace hostsync::trace
