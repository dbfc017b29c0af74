// CI gates: --fail-if 'EXPR', e.g. 'lost_to_sync > 5%' or 'new_findings > 0 or stall > 2%'
// (the grammar: gates/GateParser.h). A gate that trips makes the run exit 1 with the reason
// on one line.
#pragma once

#include "gates/GateParser.h"
#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

// "" when the gate holds, else "gate 'lost_to_sync > 5%' tripped: lost_to_sync is 31.2%"
// (with "and": every value of the clause that tripped, "findings is 3, stall is 4.2%").
std::string evaluateGate(const Gate &gate, const Report &report);

} // namespace hostsync::report
