// A trace names lines of the source as it was when it was symbolized; the report reads the
// source as it is now. When a file has been edited since (the trace records a hash of each
// file it resolved lines in), a site's line may be another statement — a closing brace
// reported as "missed statically" — so the report says so instead of showing it silently.
#pragma once

#include "join/Join.h"
#include "model/ReportModel.h"

namespace hostsync::report {

// Adds one warning per edited file ("examples/common/harness.cpp: edited since trace-1.json
// was symbolized; ...") to report.warnings and marks the sites in it. A file that cannot be
// read now, or a trace without hashes, says nothing.
void checkSourceDrift(Report &report, const JoinOptions &options);

} // namespace hostsync::report
