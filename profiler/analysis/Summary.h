// The facade: runs every analysis over a model and aggregates per call site. Pure: no
// printing, no files.
#pragma once

#include "analysis/Communication.h"
#include "analysis/GpuIdle.h"
#include "analysis/Overlap.h"
#include "analysis/Phases.h"
#include "analysis/SampleEstimate.h"
#include "analysis/SampleSchedule.h"
#include "analysis/StallHistogram.h"
#include "analysis/Stalls.h"
#include "analysis/Timeline.h"

#include <string>
#include <vector>

namespace hostsync::trace {

struct SiteCost {
  uint32_t site = 0;      // interned call site (or API name)
  int32_t stack = -1;     // a stack of one of its syncs (they share the site's frame), or -1
  StallHistogram lengths; // every sync's length
  uint64_t count = 0;     // every sync at the site
  uint64_t waited = 0;    // those that waited at least the threshold (stalls)
  Ns stall_ns = 0, p50_ns = 0, p99_ns = 0; // the host's time in them all
  Ns idle_charged_ns = 0;                  // GPU idle of the sync bubbles these stalls caused
  uint64_t bytes = 0;
  // Its syncs in start-up, steady part and teardown (analysis/Phases), for a run that was
  // split so (phased: a trace written before phases has none).
  std::array<SitePhase, PhaseCount> phases{};
  bool phased = false;
  // A sampled run (--sample): idle_charged_ns is an estimate, with this interval.
  bool estimated = false;
  Estimate idle_estimate;
};

// One stall as the per-site table needs it.
struct StallCost {
  uint32_t site = 0;
  int32_t stack = -1;
  Ns length = 0;
  uint64_t bytes = 0;
  Ns idle = 0; // GPU idle charged to it
  bool waited = true;
};
// The per-site table: count, totals and percentiles; costliest (GPU idle, then host stall)
// first. The tracer builds it at exit, the symbolize step again once sites have lines.
std::vector<SiteCost> costBySite(const std::vector<StallCost> &stalls);
// Costliest first: by GPU idle charged, then host stall.
void sortByCost(std::vector<SiteCost> &sites);

// Records of each kind that the analyses read, over the whole run.
struct RecordCounts {
  uint64_t api = 0, gpu = 0, sync = 0, overhead = 0, external = 0;
};

// The tracer's own folding (analysis/RunFold): how far behind the run the cut stayed and how
// much it held, so that a run whose tracer holds too much says why.
struct FoldStats {
  uint64_t folds = 0;
  size_t most_held = 0;             // records held after a fold, at most
  Ns most_cut_lag_ns = 0;           // flush time less the cut, at most (launches without work yet)
  Ns fold_ns = 0, most_fold_ns = 0; // the analyses' time, all folds and the longest
  uint32_t held_by = 0;             // the call whose work the last cut waited for (interned), or 0
};

struct LaunchCounts {
  uint64_t launches = 0, without_work = 0, captured = 0;
};
// Kernel launches that end in `within` (a call is recorded when it returns), and those of them with
// no kernel record.
LaunchCounts countLaunches(const TraceModel &m, const TimeRange &within = {});

// A sampled run's estimates (--sample; analysis/SampledGpu): what the windows saw, and each
// GPU figure of the whole run with its 95% interval. Every sync's count and wait are exact.
struct SampledDevice {
  uint32_t device = 0;
  Ns span_ns = 0; // the analysed part, first event to last: what busy is a share of
  Estimate busy;  // its busy time
};
struct SampledSite {
  uint32_t site = 0;
  Estimate idle; // the GPU idle after its syncs
};
struct SamplingSummary {
  bool on = false;
  SampleOptions options;
  uint64_t windows = 0, event_windows = 0;
  Ns observed_ns = 0; // GPU time observed in the random windows, summed over the devices
  // How much the windows slowed the program (SampledGpu::slowdown), from how many windows.
  double slowdown = 1;
  size_t slowdown_windows = 0;
  std::vector<SampledDevice> devices;
  std::vector<SampledSite> sites;
  Estimate bubble; // the GPU idle after every sync: the sites' sum
  // Sites none of whose syncs fell in a window that saw them whole, and their syncs: the
  // idle after those is not estimated (0 in the figures).
  uint64_t unobserved_sites = 0, unobserved_syncs = 0;
};

struct Summary {
  // Every sync; once the run is folded as it goes (analysis/RunFold), the costliest ones
  // and those in the timeline. sync_count counts them all, stall_count those that waited.
  std::vector<Stall> stalls;
  uint64_t sync_count = 0, stall_count = 0;
  std::vector<Ns> stall_idle_ns; // GPU idle charged to each stall (same order as stalls)
  std::vector<DeviceIdle> idle;
  OverlapResult overlap;
  CommunicationResult communication;
  std::vector<SiteCost> sites; // by GPU idle charged, then host stall
  Ns window_ns = 0;            // first to last event of any kind
  Ns stall_ns = 0;             // the host's time in every sync
  Ns bubble_ns = 0;            // all GPU idle charged to stalls
  // Kernel launches with no kernel record: another CUPTI client disabled or took over
  // activity recording (the PyTorch profiler does when it starts), or records were dropped.
  // Launches made while a stream was being captured into a CUDA graph run nothing (their
  // kernels run, and are recorded, when the graph is launched): counted apart.
  uint64_t launches = 0, launches_without_work = 0, launches_captured = 0;
  RecordCounts records;
  TimelineSlice timeline;
  FoldStats folding;
  // Start-up, steady part and teardown (analysis/Phases.h), for a run folded as it goes; a
  // summarize() of records alone has the whole run as its steady part.
  Phases phases;
  SamplingSummary sampling;
};

// What a run folded as it goes (analysis/RunFold) knows beyond the records it still holds.
struct Earlier {
  std::map<uint32_t, Ns> busy_until; // as for findIdle (analysis/GpuIdle.h)
  // The stalls that ended before `until`, as found when all their calls were held: m may
  // hold only part of them (a polling loop's last answers), which would read as others.
  Ns until = std::numeric_limits<Ns>::min();
  std::vector<Stall> stalls;
};
Summary summarize(const TraceModel &m, Ns min_stall_ns = 20000, const Earlier &earlier = {});

// The p-quantile (0..1) of a sample, nearest rank; 0 for an empty one.
Ns percentile(std::vector<Ns> v, double p);

} // namespace hostsync::trace
