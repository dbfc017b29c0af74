// When a sampled run (--sample, docs/trace.md "Sampled mode") records the GPU's work: one
// window of window_ns in every period_ns, at a random place in its period (stratified random
// sampling: the windows never fall in step with a training step of any length, and every
// instant of the run has the same chance, window_ns / period_ns, of being in one), so that
// what the windows see is an unbiased sample of the run (analysis/SampleEstimate).
// Deterministic for a seed, which the trace records.
#pragma once

#include "model/TraceModel.h"

#include <cstdint>

namespace hostsync::trace {

struct SampleOptions {
  Ns window_ns = 200'000'000;   // each window's length
  Ns period_ns = 2'000'000'000; // one window in each period
  // A sync that waited at least this long opens a window at once (an event window), when none
  // is open: the costliest stalls' aftermath is recorded whole. 0: no event windows.
  Ns event_ns = 50'000'000;
  uint64_t seed = 0;
  double duty() const { return period_ns > 0 ? double(window_ns) / double(period_ns) : 1; }
};

class SampleSchedule {
public:
  SampleSchedule(const SampleOptions &options, Ns origin);
  // The first random window that opens at or after `now`: [open, open + window_ns).
  Ns nextOpen(Ns now) const;
  // The window of period k (0 from the origin).
  Ns openOfPeriod(int64_t k) const;

private:
  SampleOptions options_;
  Ns origin_;
};

} // namespace hostsync::trace
