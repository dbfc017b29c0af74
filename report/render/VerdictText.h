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
// Where the verdict's steady part is and how it was found, with start-up's and teardown's
// lengths: "Judged on the steady part of the run (...); start-up 5.93 s and teardown ...".
// "" when the runs have no phases (traces written before them: judged on the whole run).
std::string phasesText(const Verdict &v);
// For runs traced in sampled mode (--sample): that the GPU figures are estimates, with their
// 95% intervals over the whole runs, and that the syncs are exact. "" when none was sampled.
std::string samplingText(const RunSampling &s);
// The heading of the sites table: "Fix first", or, when syncs are minor, one that says the
// table is secondary.
std::string syncTableTitle(const Verdict &v);

} // namespace hostsync::report
