// What a traced process is in its job, read from what its trace says of it: its rank (set by
// the launcher's environment) and its command line. A job traced whole leaves a trace per
// process: the ranks, and beside them torchrun's agent and other launchers, and the data
// workers that multiprocessing's spawn or forkserver started (they inherit the rank's
// environment, so a worker of rank 0 reads rank 0 too). Pure.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

ProcessRole processRole(const std::string &command, const std::string &rank,
                        const std::string &local_rank);

// "rank", "launcher", "worker", "process": the kind as report.json names it.
const char *roleKindId(RoleKind kind);

} // namespace hostsync::report
