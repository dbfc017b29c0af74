// GPU idle: per device, busy and idle time over the traced window, and every idle gap
// attributed: a sync bubble (the GPU drained its queue while a host thread waited, and
// the refill after the wait as far as the work that was queued when the wait began:
// charged to that stall), tool or driver overhead, or launch-bound (the host was busy
// elsewhere). A gap the wait explains only in part is two gaps, one after the other.
#pragma once

#include "analysis/Stalls.h"
#include "model/TraceModel.h"

#include <map>
#include <vector>

namespace hostsync::trace {

enum class GapCause : uint8_t { SyncBubble, Overhead, LaunchBound };
constexpr int GapCauses = 3;
const char *gapCauseName(GapCause C);

struct IdleGap {
  Ns start = 0, end = 0;
  GapCause cause = GapCause::LaunchBound;
  long stall = -1; // index into the stalls, for sync bubbles
  Ns closed = 0;   // where the idle stretch ends, when this is its first part (else: end)
  Ns length() const { return end - start; }
  // When the gap is known: its stretch's end (the GPU's next work), for a run folded as it
  // goes (analysis/RunFold) to take both parts of a split stretch in the same fold.
  Ns closedAt() const { return closed ? closed : end; }
};

struct DeviceIdle {
  uint32_t device = 0;
  Ns window_start = 0, window_end = 0; // first to last GPU activity on the device
  Ns busy_ns = 0, idle_ns = 0;
  std::vector<IdleGap> gaps;   // every gap, or none once the run is folded (analysis/RunFold)
  Ns cause_ns[GapCauses] = {}; // idle time by GapCause: the gaps' lengths added up
  double busyPercent() const;
};

// busy_until: per device, a time until which it is known busy although m may not hold the
// work (a folded run lets go of old records: analysis/RunFold): no gap starts before it.
std::vector<DeviceIdle> findIdle(const TraceModel &m, const std::vector<Stall> &stalls,
                                 const std::map<uint32_t, Ns> &busy_until = {});

} // namespace hostsync::trace
