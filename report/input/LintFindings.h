// Reads the analyzer's results: findings JSON (docs/findings-json.md) or SARIF 2.1.0.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

// Fills findings and analysed_files; false with "FILE: what is wrong" on failure.
bool loadLintResults(const std::string &path, Report &report, std::string &error);

} // namespace hostsync::report
