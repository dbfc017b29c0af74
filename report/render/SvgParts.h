// Pieces both of report.html's pictures draw (render/TimelineSvg, render/RanksSvg).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace hostsync::report {

// A coordinate with one decimal: "12.5".
std::string svgNumber(double v);
// A row of colour keys starting at x, with their baseline at y, step apart.
std::string svgLegend(const std::vector<std::pair<const char *, const char *>> &labelsAndFills,
                      double x, double y, double step);

} // namespace hostsync::report
