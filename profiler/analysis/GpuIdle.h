// GPU idle: per device, busy and idle time over the traced window, and every idle gap
// attributed: a sync bubble (the GPU drained its queue while a host thread waited, and
// stayed idle until the host launched again: charged to that stall), tool or driver
// overhead, or launch-bound (the host was busy elsewhere).
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
  Ns length() const { return end - start; }
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
