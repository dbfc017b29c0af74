// The one clock of a trace: CLOCK_MONOTONIC, in nanoseconds. CUPTI is given it as its
// timestamp source, so API records, GPU records (CUPTI converts GPU times to it) and the
// tracer's own readings agree, and they line up with std::chrono::steady_clock,
// time.monotonic_ns() and perf in the user's logs. CUPTI's default, CLOCK_REALTIME, can
// step (NTP) in the middle of a run and turn an interval inside out.
#pragma once

#include <cstdint>
#include <ctime>

namespace hostsync::trace {

inline uint64_t monotonicNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
}

} // namespace hostsync::trace
