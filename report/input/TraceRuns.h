// Reads trace.json files (docs/trace-json.md), symbolizing their stacks first when the
// tracer's offline step has not been run on them yet.
#pragma once

#include "model/ReportModel.h"
#include "symbolize/Symbolizer.h"

#include <string>
#include <vector>

namespace hostsync::report {

// Adds one run per trace file (directories hold trace-*.json); false with "FILE: what is
// wrong" on the first unreadable one. Symbolizer problems become warnings.
bool loadTraceRuns(const std::vector<std::string> &inputs, const trace::SymbolizeOptions &symbolize,
                   Report &report, std::vector<std::string> &warnings, std::string &error);

} // namespace hostsync::report
