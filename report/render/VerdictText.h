// The verdict in words: the report's first line, in every output.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

// "gpu_bound", "sync_bound", "launch_bound", "input_bound", "unexplained", "no_gpu": report.json.
const char *boundId(Bound b);
// "Launch-bound: the GPU is busy 7.8% of its 16.200 s; of its idle time, 62.0% is the host
// launching work ..., 0.2% follows host syncs. Syncs are not this job's problem: ...".
std::string verdictText(const Verdict &v);
// The heading of the sites table: "Fix first", or, when syncs are minor, one that says the
// table is secondary.
std::string syncTableTitle(const Verdict &v);

} // namespace hostsync::report
