// Every process of a traced job, with what it is there for (input/ProcessRole.h), its GPU
// work and its stalls: a launcher or a data worker that made no CUDA call is listed as such,
// never dropped and never a reason to fail the report. Pure: reads Report::runs, fills
// Report::processes and Report::roles.
#pragma once

#include "model/ReportModel.h"

#include <vector>

namespace hostsync::report {

void listProcesses(Report &report);

// The rows a report shows of a job's processes: all of them when they are `top` or fewer,
// else the `top` that stalled longest (report.json lists every one).
std::vector<const ProcessRow *> shownProcesses(const Report &report, size_t top);

} // namespace hostsync::report
