// A simulated training run for the folding tests (analysis/RunFold, io/TimelineFiles): two
// host threads, queued kernels on three streams of two devices, NCCL collectives, copies with
// stream syncs, polling loops, host work that leaves the GPU idle, tool overhead. Records
// reach the folder only once they have ended, as CUPTI hands them over.
#pragma once

#include "analysis/RunFold.h"
#include "analysis/SampleSchedule.h"
#include "TraceBuilder.h"

#include <functional>
#include <vector>

namespace hostsync::trace::testing {

TraceModel simulatedRun();
// The model's names and counters, none of its records: what the folder starts from.
TraceModel emptied(const TraceModel &whole);
// Feeds the records that have ended by each flush time, folds at the safe cut, then at the
// end everything. setup, when given, is called on the folder before the first record.
// What a sampled tracer (--sample) records of a run: its random windows (analysis/
// SampleSchedule, from the run's start), and the run without the launches made outside them
// and the records of the work of every call made outside them. Every sync and copy call is
// kept, each copy call with what its arguments say (direction, bytes, pinned host memory).
TraceModel sampledView(const TraceModel &whole, const SampleOptions &sample,
                       std::vector<SampleWindow> &windows);
Summary folded(const TraceModel &whole, const std::vector<Ns> &flushes, size_t keep = 100000,
               Ns context = 2 * ms, const std::function<void(RunFold &)> &setup = {});

} // namespace hostsync::trace::testing
