// report.json, version 1 (docs/report-json.md): the joined data, for tools.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

constexpr int ReportJsonVersion = 1;
std::string reportJson(const Report &r);

} // namespace hostsync::report
