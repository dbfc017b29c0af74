// report.md: the headline and the top sites, for a CI job summary or a PR comment.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

std::string reportMarkdown(const Report &r, size_t top = 10);

} // namespace hostsync::report
