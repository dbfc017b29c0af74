// The join: every measured stall is grouped by its call site (first user frame, or the
// library function when the stack has none) and matched to the static finding on that
// line, else in that function; what is left over becomes "missed statically" (with why)
// and "cold in this run". Sites are ordered by the GPU idle they cost, then host stall,
// then static rank. Pure: reads the Report's inputs, fills its results.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

struct JoinOptions {
  std::string source_root; // paths under it are shown relative to it
};

void joinReport(Report &report, const JoinOptions &options);

// Counts the report's findings (not suppressed) that the baseline's do not have, matched by
// rule, file and the text of the code line (so edits elsewhere in the file do not matter).
uint64_t countNewFindings(const Report &report, const std::vector<StaticFinding> &baseline,
                          const JoinOptions &options);

} // namespace hostsync::report
