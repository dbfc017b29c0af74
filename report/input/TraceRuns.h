// Reads trace.json files (docs/trace-json.md), symbolizing their stacks first when the
// tracer's offline step has not been run on them yet.
#pragma once

#include "model/ReportModel.h"
#include "symbolize/Symbolizer.h"

#include <string>
#include <vector>

namespace hostsync::report {

// Adds one run per trace file (listed by listTraceFiles, input/InputPaths.h); false with
// "FILE: what is wrong" on the first bad one: not JSON ("FILE:LINE:COLUMN: ..."), not a
// trace, or a record whose numbers are no times ("FILE: stalls[3]: end_ns before start_ns").
// Symbolizer problems become warnings.
bool loadTraceRuns(const std::vector<std::string> &files, const trace::SymbolizeOptions &symbolize,
                   Report &report, std::vector<std::string> &warnings, std::string &error);

} // namespace hostsync::report
