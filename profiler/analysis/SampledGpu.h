// The GPU side of a sampled run (--sample, docs/trace.md "Sampled mode"). Kernel, memset and
// memcpy records exist only inside windows (analysis/SampleSchedule); syncs and their waits are
// recorded always. For each random window and device this keeps the span in which the
// GPU's timeline is known whole, its observed span:
//   - from the start of the first kernel or memset launched in the window (before it the GPU
//     may still run work launched before the window opened, which left no record);
//   - to the window's close, or the end of the last work launched in it if that is later
//     (nothing launched after the close runs before the work queued ahead of it).
// A window with no work on a device observed it idle from open to close. Gaps and busy time
// are taken only inside observed spans; what they add up to, per window, becomes a cluster
// of the estimates (analysis/SampleEstimate). A sync counts as observed when it ended between
// the window's first start and its last launch's start: its GPU idle after it, if any, ended
// inside the window. Event windows are kept for the timeline and never estimated from.
#pragma once

#include "analysis/Intervals.h"
#include "analysis/SampleEstimate.h"
#include "analysis/SampleSchedule.h"
#include "analysis/Stalls.h"

#include <map>
#include <set>
#include <utility>
#include <vector>

namespace hostsync::trace {

class SampledGpu {
public:
  // Takes the windows the model reports (m.sample_windows, emptied) and reads the records of
  // the GPU's work it holds for each window's observed span.
  void update(TraceModel &m);
  // Leaves out the windows that open before `t` (the part of the run not analysed).
  void dropBefore(Ns t);
  // The parts of [start, end) on `device` inside random windows' observed spans (a long idle
  // gap may cross several windows), in time order; none when no window saw it.
  std::vector<Span> observed(uint32_t device, Ns start, Ns end) const;
  // Is t inside a window, random or event (its records around t are whole)?
  bool recorded(Ns t) const;
  // The window (random or event) holding t: [open, close], or {0, 0}.
  Span windowAround(Ns t) const;

  // A fold's slice: every sync that ended in it, the GPU idle of a fully observed gap charged
  // to a sync, each device's busy spans (observed, united).
  void addSync(const Stall &st);
  void addSyncIdle(const Stall &st, Ns idle);
  void addBusy(uint32_t device, const std::vector<Span> &united);
  // Closes the windows no fold after `cut` can add to: their figures join the sums, and their
  // observed spans, per device, are returned (for the time figures and the phases). What is
  // estimated is the run from its first event to its last, [lo, hi] (lo 0: none yet, nothing
  // is closed; hi Never while it runs): a window counts only its part of it.
  std::vector<std::pair<uint32_t, Span>> finish(Ns cut, Ns lo, Ns hi);

  uint64_t windows() const { return windowsDone_; }
  uint64_t eventWindows() const { return eventsDone_; }
  // Per device: the busy time of the work launched in a window (y) against the window's
  // length (x), one cluster per window.
  const std::map<uint32_t, ClusterSums> &busy() const { return busy_; }
  // How much a window slows the program it records (a launch costs more inside one): the
  // median, over windows, of the program's syncs per second in the stretch before a window
  // against inside it (both counted exactly), where each saw ten or more and no event window
  // came between; 1 with fewer than three such windows. Clamped to [1, 2]. Less work is
  // launched per second inside windows by this factor: busy time is estimated per second of
  // the program as it runs outside them (RunFold::estimate).
  double slowdown() const;
  size_t slowdownWindows() const { return slowdowns_.size(); }
  // The windows' time within the analysed part, random and event windows together.
  Ns windowNs() const { return windowNs_; }
  // A site's GPU idle after its observed syncs (y) against their number (x), over every window.
  ClusterSums idleOfSite(uint32_t site) const;

private:
  struct Work {
    Ns first = Never, lastStart = 0, lastEnd = 0;
  };
  struct Pending {
    uint32_t site = 0;
    Ns end = 0, idle = 0;
  };
  struct Window {
    SampleWindow w;
    std::map<uint32_t, Work> work;                    // by device: its kernels and memsets
    std::map<uint32_t, Ns> busy;                      // by device, added slice by slice
    std::map<std::pair<uint32_t, Ns>, Pending> syncs; // (thread, start): syncs that ended in it
    uint64_t syncCount = 0;                           // all of them
    // The stretch before it since the last random window: its syncs and length, and whether
    // it is clean (no event window in it, and a window before it).
    uint64_t gapSyncs = 0;
    Ns gapNs = 0;
    bool gapClean = false;
    Span span(uint32_t device) const; // the observed span (close 0: still open)
    Ns end() const;                   // the latest observed end of any device
  };
  Window *windowOf(Ns t);
  const Window *windowOf(Ns t) const;
  std::vector<Window> open_; // by open time; event windows too
  std::set<uint32_t> devices_;
  std::map<uint32_t, ClusterSums> busy_;
  ClusterSums windowTime_; // (0, length) of every random window closed: a new device's past
  // The stretch since the last random window closed: its syncs, and whether an event window
  // opened in it (then it is no measure of the program's own pace).
  Ns lastClose_ = 0;
  uint64_t gapSyncs_ = 0;
  bool gapHasEvent_ = false;
  std::vector<double> slowdowns_; // at most MaxSlowdowns, the oldest replaced in turn
  static constexpr size_t MaxSlowdowns = 4096;
  uint64_t slowdownsSeen_ = 0;
  Ns windowNs_ = 0;
  std::map<uint32_t, ClusterSums> sites_;
  uint64_t windowsDone_ = 0, eventsDone_ = 0;
};

} // namespace hostsync::trace
