// report.html: one self-contained page (CSS and SVG inline, no script, no network) with the
// headline, the sites to fix first with their code line, rule and before/after fix, a
// timeline picture of a representative step, per-stream busy bars, and the three lists.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

std::string reportHtml(const Report &r, size_t top = 10);

} // namespace hostsync::report
