// GPU idle: per device, busy and idle time over the traced window, and every idle gap
// attributed: a sync bubble (the GPU drained its queue while a host thread waited, and
// stayed idle until the host launched again: charged to that stall), tool or driver
// overhead, or launch-bound (the host was busy elsewhere).
#pragma once

#include "analysis/Stalls.h"
#include "model/TraceModel.h"

#include <vector>

namespace hostsync::trace {

enum class GapCause : uint8_t { SyncBubble, Overhead, LaunchBound };
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
  std::vector<IdleGap> gaps;
  double busyPercent() const;
};

std::vector<DeviceIdle> findIdle(const TraceModel &m, const std::vector<Stall> &stalls);

} // namespace hostsync::trace
