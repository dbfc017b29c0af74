// A run analysed as it goes, in memory that does not grow with its length (issue 34;
// docs/trace.md, "Constant memory"). Records are added to `model()` as CUPTI hands them
// over; every few seconds fold(cut) runs the analyses (analysis/Summary) over the records
// still held and adds to the run's totals what they found before `cut`: each result is taken
// once, in the fold whose slice [previous cut, cut) holds its anchor:
//   - a stall, by its end (it is recorded when the call returns);
//   - an idle gap, by its end (it is known when the GPU starts again), charged to the stall's
//     site and to the stall itself while the stall is among those kept;
//   - busy, overlap and communication times, by cutting every span at the slice's edges;
//   - a record (counts, launches, collectives, the run's first and last event), by its end:
//     CUPTI hands a record over once its call or work has ended.
// Then the records that nothing after `cut` can need are let go: those that ended more than
// `context_ns` before it, except what a later result may still reach back to (the last
// work of each device, the stalls that may still cover its next gap, launches whose work
// has not been recorded, open graph captures and polling loops, each thread's last copy).
//
// The caller picks cuts that no record still to come can precede (CuptiCollector flushes
// CUPTI first; safeCut() holds the cut before launches whose work is not recorded yet).
// Folding the same records at any sequence of cuts gives the same totals as one fold of
// the whole run, but for p50/p99 (StallHistogram, within 2.2%) and the stall list, which
// keeps the costliest `keep_stalls`.
#pragma once

#include "analysis/Intervals.h"
#include "analysis/SampledGpu.h"
#include "analysis/StallHistogram.h"
#include "analysis/Summary.h"

#include <functional>
#include <map>
#include <memory>
#include <string>

namespace hostsync::trace {

struct FoldOptions {
  Ns min_stall_ns = 20000;
  Ns context_ns = 1'000'000'000;      // records kept behind the cut, for what reaches back
  Ns outstanding_ns = 10'000'000'000; // a launch with no work recorded after this: none comes
  size_t keep_stalls = 10000;         // the costliest stalls kept in the list
  // The part of the run analysed: from skip_ns after its first event, from the start of
  // step number skip_steps (TraceModel::step_starts), within the cudaProfilerStart..Stop
  // windows when the program marks any (analysis/Window.h says the same for one model).
  Ns skip_ns = 0;
  size_t skip_steps = 0;
  Ns window_ns = 200'000'000; // the worst window: this long around the costliest stall
  // A sampled run (--sample): kernels and memsets are recorded only in the windows the model
  // reports (TraceModel::sample_windows). Every GPU figure is then taken in the windows'
  // observed spans and estimated for the whole run (analysis/SampledGpu); syncs stay exact.
  bool sampled = false;
  SampleOptions sample;
};

// A look at the records held, inside fold(), with their analysis, before they are let go:
//   - onWorstWindow: a fold found a stall costlier (its length and the GPU idle charged to it
//     in that fold) than any before; `range` is the window around it;
//   - onSlice: every fold; `range` is its slice [previous cut, cut) (the last one runs to
//     Never), so that what ends in it is seen once (io/TimelineFiles).
using HeldRecords =
    std::function<void(const TraceModel &m, const Summary &held, const TimeRange &range)>;

class RunFold {
public:
  explicit RunFold(FoldOptions options = {})
      : options_(options), sampled_(options.sampled ? new SampledGpu() : nullptr) {}
  void onWorstWindow(HeldRecords call) { onWorst_ = std::move(call); }
  void onSlice(HeldRecords call) { onSlice_ = std::move(call); }
  // The records held: add new ones to its vectors (any order), names and stacks as usual.
  TraceModel &model() { return model_; }
  const TraceModel &model() const { return model_; }
  // The latest cut at or before `flushed` (the time CUPTI was last flushed) that no record
  // still to come can precede: before the earliest launch whose GPU work is not recorded.
  Ns safeCut(Ns flushed);
  // Folds the results anchored before `cut` into the totals and lets go of what no later
  // fold needs. A cut at or before the previous one does nothing.
  void fold(Ns cut);
  // As fold(safeCut(flushed)), and counts the fold in the statistics.
  void foldAt(Ns flushed);
  Ns lastCut() const { return cut_; }
  bool showedWorst() const { return worstCost_ >= 0; }
  const FoldStats &stats() const { return stats_; }
  // The sizes of what the totals keep besides the records (HOSTSYNC_FOLD_STATS): they must
  // not grow with the run.
  std::string keptSizes() const;
  // The whole run so far, as one summarize() of every record would give it (bounded lists).
  Summary summary() const;
  // cudaProfilerStart..Stop windows seen (0: the whole run is analysed), their total length.
  size_t profilerWindows() const { return windowCount_; }
  // Those windows (analysis/Window's windowsOfMarks), and the run's first event (0: none yet).
  std::vector<std::pair<Ns, Ns>> profilerRanges() const;
  Ns firstEvent() const { return first_; }
  // The step skip: "" or why nothing was analysed (fewer steps than skip_steps).
  std::string stepNote() const;

private:
  struct SiteTotals {
    int32_t stack = -1;
    uint64_t waited = 0; // the stalls among its syncs
    uint64_t bytes = 0;
    Ns idle_ns = 0;
    StallHistogram lengths;
  };
  struct DeviceTotals {
    Ns first = 0, last = 0, busy_ns = 0;
    Ns cause_ns[GapCauses] = {};
    Ns observed_ns = 0; // sampled: the GPU time its windows observed
  };
  struct KeptStall {
    Stall stall;
    Ns idle_ns = 0;
  };
  using StallKey = std::pair<uint32_t, Ns>; // thread, start: a thread waits once at a time

  bool awaitsWork(const ApiCall &a) const;
  void keepAnalysedPart(Ns cut);
  void addResults(const Summary &s, const TimeRange &slice);
  void letGo(Ns cut, const Summary &s);
  void resetTotals();
  void pruneStalls();
  void showWorst(const Summary &s, const TimeRange &slice);
  void addToPhases(const Summary &s, const TimeRange &slice, const std::vector<Span> &busy,
                   const std::vector<Ns> &launchedAt);
  // The parts of [start, end) on `device` whose GPU timeline is known: all of it, or in a
  // sampled run what the windows observed (none: no window saw it).
  std::vector<Span> knownParts(uint32_t device, Ns start, Ns end) const;
  // Sampled: closes the windows `cut` has passed; their observed time joins the devices' and
  // the phases'.
  void finishWindows(Ns cut);
  // A sampled run: the folded figures, observed in the windows, made whole-run estimates.
  void estimate(Summary &s) const;

  FoldOptions options_;
  std::unique_ptr<SampledGpu> sampled_; // null: every record of the run is taken
  TraceModel model_;
  Ns cut_ = std::numeric_limits<Ns>::min();
  Ns first_ = 0; // the run's first event, once seen
  // cudaProfilerStart/Stop: every mark seen (few), and whether any was.
  std::vector<std::pair<Ns, bool>> marks_;
  size_t windowCount_ = 0;

  // The totals.
  Ns lo_ = 0, hi_ = 0; // first and last event analysed
  uint64_t syncCount_ = 0, stallCount_ = 0;
  Ns stallNs_ = 0, bubbleNs_ = 0;
  std::map<uint32_t, SiteTotals> sites_;
  std::map<uint32_t, DeviceTotals> devices_;
  OverlapResult overlap_;
  std::map<std::pair<uint32_t, uint32_t>, Ns> streamBusy_;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, Ns> pairOverlap_;
  CommunicationResult communication_;
  std::map<uint32_t, DeviceCommunication> commDevices_;
  LaunchCounts launches_;
  RecordCounts records_;
  std::map<StallKey, KeptStall> kept_;
  std::map<StallKey, Ns> idleAhead_; // charged to a stall not folded yet
  std::vector<Stall> held_;          // folded stalls that may cover a device's next gap
  TimelineSlice timeline_;
  PhaseSeries series_; // the totals in time, for start-up, steady part and teardown
  Ns timelineCost_ = -1;
  FoldStats stats_;
  HeldRecords onWorst_, onSlice_;
  Ns worstCost_ = -1;
};

} // namespace hostsync::trace
