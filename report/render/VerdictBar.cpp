#include "render/VerdictBar.h"

#include "render/Format.h"
#include "render/SvgParts.h"

#include <algorithm>
#include <vector>

namespace hostsync::report {

std::string verdictBar(const Verdict &v) {
  if (v.gpu_window_ns <= 0)
    return "";
  constexpr double Width = 1000, BarH = 14;
  const struct {
    const char *label, *fill;
    Ns ns;
  } parts[] = {{"GPU busy", "#3b82f6", v.busy_ns},
               {"idle after syncs", "#f59e0b", v.sync_ns},
               {"idle after suppressed syncs", "#fde68a", v.suppressed_ns},
               {"idle, host launching", "#94a3b8", v.launch_ns},
               {"idle, host busy elsewhere", "#a855f7", v.input_ns},
               {"idle, unexplained", "#e2e8f0", v.unexplained_ns}};
  std::string svg = "<svg id=\"verdict-bar\" viewBox=\"0 0 " + svgNumber(Width) +
                    " 34\" width=\"100%\" role=\"img\" aria-label=\"the GPU's traced time by "
                    "cause\">";
  std::vector<std::pair<const char *, const char *>> legend;
  double x = 0;
  for (const auto &p : parts) {
    if (p.ns <= 0)
      continue;
    double w = Width * Verdict::share(p.ns, v.gpu_window_ns) / 100.0;
    svg += "<rect class=\"part\" x=\"" + svgNumber(x) + "\" y=\"0\" width=\"" +
           svgNumber(std::max(w, 0.5)) + "\" height=\"" + svgNumber(BarH) + "\" fill=\"" + p.fill +
           "\"><title>" + p.label + ": " + ms(p.ns) + " (" +
           pct(Verdict::share(p.ns, v.gpu_window_ns)) + " of the GPU's time)</title></rect>";
    x += w;
    legend.push_back({p.label, p.fill});
  }
  return svg + svgLegend(legend, 0, 31, 190) + "</svg>";
}

} // namespace hostsync::report
