// Overlap: per stream busy time, time with two or more streams busy, copy/compute overlap
// (copies running under kernels) and per stream-pair overlap. The numbers that show a
// prefetcher or a two-stream pipeline works.
#pragma once

#include "analysis/Intervals.h"
#include "model/TraceModel.h"

#include <vector>

namespace hostsync::trace {

struct StreamBusy {
  uint32_t device = 0, stream = 0;
  Ns busy_ns = 0;
};
struct PairOverlap {
  uint32_t device = 0, stream_a = 0, stream_b = 0;
  Ns overlap_ns = 0;
};

struct OverlapResult {
  Ns gpu_busy_ns = 0;           // union of all GPU work, all devices
  Ns multi_stream_ns = 0;       // two or more streams busy at once (same device)
  Ns copy_ns = 0;               // union of copies (HtoD, DtoH)
  Ns copy_under_compute_ns = 0; // copies running while a kernel runs
  std::vector<StreamBusy> streams;
  std::vector<PairOverlap> pairs;
  // The three figures above as spans (over the devices; spans of two devices may overlap),
  // for the run's phases (analysis/Phases): the steady part's overlap is its own.
  std::vector<Span> multi_stream, copies, copy_under_compute;
  double multiStreamPercent() const; // of gpu_busy_ns
  double copyOverlapPercent() const; // of copy_ns
};

// The GPU work's times cut to `within`.
OverlapResult findOverlap(const TraceModel &m, const TimeRange &within = {});

} // namespace hostsync::trace
