// CI gates: --fail-if 'METRIC OP VALUE[%]', e.g. 'lost_to_sync > 5%' or 'new_findings > 0'.
// A gate that trips makes the run exit 1 with the reason on one line.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

struct Gate {
  std::string text, metric, op;
  double value = 0;
};

// Parses one gate; false with the reason when the text is not a gate or names an unknown
// metric. Metrics: lost_to_sync (% of GPU time idle after syncs), stall (% of traced time
// the host was blocked), gpu_busy (%), findings, hot_findings, new_findings (needs
// --baseline), missed_statically, cold_findings.
bool parseGate(const std::string &text, Gate &gate, std::string &error);

// "" when the gate holds, else "gate 'lost_to_sync > 5%' tripped: lost_to_sync is 31.2%".
std::string evaluateGate(const Gate &gate, const Report &report);

} // namespace hostsync::report
