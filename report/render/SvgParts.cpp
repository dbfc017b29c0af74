#include "render/SvgParts.h"

#include <cstdio>

namespace hostsync::report {

std::string svgNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string svgLegend(const std::vector<std::pair<const char *, const char *>> &labelsAndFills,
                      double x, double y, double step) {
  std::string svg;
  for (const auto &[label, fill] : labelsAndFills) {
    svg += "<rect x=\"" + svgNumber(x) + "\" y=\"" + svgNumber(y - 9) +
           "\" width=\"10\" height=\"10\" fill=\"" + fill + "\"/><text x=\"" + svgNumber(x + 14) +
           "\" y=\"" + svgNumber(y) + "\">" + label + "</text>";
    x += step;
  }
  return svg;
}

} // namespace hostsync::report
