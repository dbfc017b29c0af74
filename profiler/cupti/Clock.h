// The one clock of a trace: CLOCK_MONOTONIC, in nanoseconds. CUPTI is given it as its
// timestamp source, so API records, GPU records (CUPTI converts GPU times to it) and the
// tracer's own readings (the calls it times in its callbacks, steps, stack thresholds)
// agree, and they line up with std::chrono::steady_clock, time.monotonic_ns() and perf in
// the user's logs. CUPTI's default, CLOCK_REALTIME, can step (NTP) in the middle of a run
// and turn an interval inside out.
#pragma once

#include <cstdint>
#include <ctime>

namespace hostsync::trace {

// HOSTSYNC_CLOCK=cupti leaves CUPTI its own clock, to measure what the timestamp callback
// costs (bench/launch-cost); the tracer's readings then follow CUPTI onto CLOCK_REALTIME.
// Set once at start, before any callback can run.
inline bool g_cuptiClock = false;

inline uint64_t traceClockNs() {
  timespec ts;
  clock_gettime(g_cuptiClock ? CLOCK_REALTIME : CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
}

} // namespace hostsync::trace
