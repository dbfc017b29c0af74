// The verdict as a picture: one bar of the GPU's traced time, busy then its idle time by
// cause, under the verdict's sentence in report.html.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

// An inline SVG; "" when there is no GPU time to draw.
std::string verdictBar(const Verdict &v);

} // namespace hostsync::report
