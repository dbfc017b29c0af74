// The run in time: its start-up, its steady part and its teardown. A verdict is about the
// steady part: a training script spends seconds loading data and building its model before
// its first step, and a one-time move of the model to the GPU followed by that start-up is
// not what bounds its steps.
//
// PhaseSeries keeps the run's figures in time buckets (fixed memory: when the run outgrows
// them, each pair of buckets becomes one twice as wide), fed as the run is folded
// (analysis/RunFold). findPhases() then cuts the run where its work starts and ends:
//   - at the NVTX step marks when there are two or more (HOSTSYNC_STEP_RANGE): from the first
//     step's start to the last step's start plus the median step;
//   - otherwise where the work items launched (kernels, copies, memsets) reach 1% and 99% of
//     the run's: start-up is what comes before the run's work gets going, teardown what comes
//     after it winds down, however many seconds either lasts;
//   - the whole run, when it launched fewer than MinLaunchesToSplit work items.
// Cuts fall on bucket edges, so every figure of a phase is an exact sum.
#pragma once

#include "analysis/GpuIdle.h"
#include "analysis/Overlap.h"

#include <array>
#include <map>
#include <string>
#include <vector>

namespace hostsync::trace {

// The figures of one stretch of the run (or of one bucket).
struct PhaseTotals {
  Ns start = 0, end = 0;
  Ns gpu_busy_ns = 0;             // summed over the devices
  Ns idle_ns[GapCauses] = {};     // GPU idle by cause, summed over the devices
  uint64_t launches = 0;          // work items launched (kernels, copies, memsets)
  uint64_t syncs = 0, stalls = 0; // every sync, and those that waited the threshold
  Ns sync_ns = 0;                 // the host's time in the syncs
  // Overlap (analysis/Overlap), summed over the devices: two or more streams busy, copies
  // (HtoD, DtoH), and copies under a kernel.
  Ns multi_stream_ns = 0, copy_ns = 0, copy_under_compute_ns = 0;
  // A sampled run (--sample): the GPU time its windows observed in the stretch, summed over the
  // devices; the GPU figures above are what was observed until scaled(), estimates after.
  Ns observed_ns = 0;
  Ns idleNs() const;
  Ns gpuTimeNs() const { return gpu_busy_ns + idleNs(); } // the devices' time in the stretch
  void add(const PhaseTotals &o);
  // The GPU figures times `factor` (sampled: the stretch's GPU time over what was observed).
  void scaleGpu(double factor);
};

// One call site in one stretch.
struct SitePhase {
  uint64_t calls = 0, waited = 0;
  Ns wait_ns = 0, idle_ns = 0; // the host's time in its syncs, the GPU idle charged to them
  void add(const SitePhase &o);
};

enum class Phase : uint8_t { Startup, Steady, Teardown };
constexpr int PhaseCount = 3;
const char *phaseName(Phase p); // "startup", "steady", "teardown"

struct Phases {
  std::string how = "whole run"; // "steps", "launches" or "whole run"
  std::array<PhaseTotals, PhaseCount> part;
  std::map<uint32_t, std::array<SitePhase, PhaseCount>> sites; // by interned site
  const PhaseTotals &steady() const { return part[static_cast<int>(Phase::Steady)]; }
};

class PhaseSeries {
public:
  static constexpr size_t MaxBuckets = 1024;
  static constexpr Ns FirstWidthNs = 1'000'000; // 1 ms, doubled as the run grows
  static constexpr uint64_t MinLaunchesToSplit = 200;

  // Times before the origin count in the first bucket.
  void setOrigin(Ns t);
  void addBusy(Ns start, Ns end); // one device's busy span (spans of one device do not overlap)
  void addGap(const IdleGap &g, uint32_t site = 0); // site: for a sync bubble, its stall's
  void addLaunches(Ns at, uint64_t n = 1);
  void addOverlap(const OverlapResult &o);
  void addSync(Ns at, uint32_t site, Ns length, bool waited);
  void addObserved(Ns start, Ns end); // a sampled run's observed GPU time (one device's span)
  // The phases of what was added; step_starts as TraceModel::step_starts.
  Phases phases(const std::vector<Ns> &step_starts) const;
  size_t buckets() const { return buckets_.size(); }
  Ns width() const { return width_; }

private:
  struct Bucket {
    PhaseTotals totals;
    std::map<uint32_t, SitePhase> sites;
  };
  size_t indexOf(Ns t); // grows or coarsens the series so that t has a bucket
  // Adds to each bucket that [start, end) overlaps its share, by time.
  template <typename Add> void spread(Ns start, Ns end, Add add);
  Ns origin_ = -1;
  Ns width_ = FirstWidthNs;
  std::vector<Bucket> buckets_;
};

} // namespace hostsync::trace
