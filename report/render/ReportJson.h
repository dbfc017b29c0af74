// report.json, version 2 (docs/report-json.md): the joined data, for tools.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

constexpr int ReportJsonVersion = 3; // 2: verdict, sites' function_short; 3: processes
std::string reportJson(const Report &r);

} // namespace hostsync::report
