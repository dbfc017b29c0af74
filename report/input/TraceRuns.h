// Reads trace.json files (docs/trace-json.md), symbolizing their stacks first when the
// tracer's offline step has not been run on them yet.
#pragma once

#include "model/ReportModel.h"
#include "symbolize/Symbolizer.h"

#include <string>
#include <vector>

namespace hostsync::report {

// Adds one run per trace file (listed by listTraceFiles, input/InputPaths.h). A file that
// cannot be read is skipped: "FILE: what is wrong" in Report::skipped_inputs and its
// warnings. Not JSON ("FILE:LINE:COLUMN: ..."), not a trace, or a record whose numbers are no
// times ("FILE: stalls[3]: end_ns before start_ns"). False, with error, only when no file
// could be read. Symbolizer problems become warnings.
bool loadTraceRuns(const std::vector<std::string> &files, const trace::SymbolizeOptions &symbolize,
                   Report &report, std::vector<std::string> &warnings, std::string &error);

} // namespace hostsync::report
