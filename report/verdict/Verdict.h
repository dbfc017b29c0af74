// The verdict: what bounds a traced job, and how much of the GPU's idle time each cause
// explains (HTA's idle-time breakdown, from the aggregates trace.json keeps). One question,
// one pure function over the runs; docs/report.md#the-verdict defines every number.
#pragma once

#include "model/ReportModel.h"

#include <string>
#include <vector>

namespace hostsync::report {

// Busy at least this share of its traced time, a GPU is the job's bound.
constexpr double GpuBoundBusyPct = 80.0;
// Syncs explaining less than this share of the idle time are not the job's problem.
constexpr double SyncsMinorIdlePct = 10.0;
// The most idle time one issued work item (a kernel launch, a copy, a memset) explains as
// the host launching: about a traced LibTorch op's host cost with its launch (16.3 us per
// launch measured on an H100, DESIGN.md). Idle beyond it had no launch to explain it.
constexpr Ns LaunchBudgetNs = 20000;

// The GPU idle after syncs that the user marked intended: the measured sites whose finding
// carries a NOLINT (a timing boundary, a logged value), and each as "harness.cpp:43, timing
// boundary", by idle. From the join's sites (join/Join.h).
struct IntendedSyncs {
  Ns idle_ns = 0;
  std::vector<std::string> sites;
};
IntendedSyncs intendedSyncs(const Report &report);

// intended: set apart from the idle after syncs (Verdict::suppressed_ns); it decides nothing.
Verdict judgeVerdict(const std::vector<TracedRun> &runs, const IntendedSyncs &intended = {});

} // namespace hostsync::report
