#include "render/TimelineSvg.h"

#include "render/Format.h"
#include "render/ReadableName.h"
#include "render/SvgParts.h"

#include <algorithm>
#include <map>

namespace hostsync::report {

namespace {
constexpr double Width = 1100, Label = 160, TrackH = 20, Gap = 6, Top = 24;

const char *colour(const TimelineEvent &e) {
  if (e.kind == "api")
    return e.name.find("Synchronize") != std::string::npos ||
                   e.name.find("Memcpy") != std::string::npos
               ? "#64748b"
               : "#cbd5e1";
  if (e.kind == "kernel")
    return "#3b82f6";
  if (e.kind == "memset")
    return "#a855f7";
  return "#10b981"; // copies
}

// The run whose slice shows the most GPU idle after syncs.
const TracedRun *pickRun(const Report &r) {
  const TracedRun *best = nullptr;
  for (const TracedRun &run : r.runs)
    if (!run.timeline_tracks.empty() && (!best || run.bubble_ns > best->bubble_ns))
      best = &run;
  return best;
}
} // namespace

std::string timelineSvg(const Report &r) {
  const TracedRun *run = pickRun(r);
  if (!run || run->timeline_end <= run->timeline_start)
    return "<p class=\"note\" id=\"no-timeline\">No timeline: the traces hold no slice to "
           "draw.</p>";
  const double span = static_cast<double>(run->timeline_end - run->timeline_start);
  auto x = [&](Ns t) {
    double f = static_cast<double>(std::clamp(t, run->timeline_start, run->timeline_end) -
                                   run->timeline_start) /
               span;
    return Label + f * (Width - Label - 10);
  };
  std::map<std::string, double> yOf;
  for (const std::string &t : run->timeline_tracks)
    yOf[t] = Top + static_cast<double>(yOf.size()) * (TrackH + Gap);
  double height = Top + static_cast<double>(yOf.size()) * (TrackH + Gap) + 24;
  std::string svg = "<svg id=\"timeline\" viewBox=\"0 0 " + svgNumber(Width) + " " +
                    svgNumber(height) + "\" width=\"100%\" role=\"img\" aria-label=\"timeline of " +
                    htmlEscape(run->label) + "\">";
  // Time axis.
  for (int i = 0; i <= 5; ++i) {
    Ns t = run->timeline_start + static_cast<Ns>(span * i / 5);
    svg += "<line x1=\"" + svgNumber(x(t)) + "\" y1=\"14\" x2=\"" + svgNumber(x(t)) + "\" y2=\"" +
           svgNumber(height - 20) + "\" stroke=\"#e2e8f0\"/><text x=\"" + svgNumber(x(t)) +
           "\" y=\"10\" text-anchor=\"middle\" fill=\"#64748b\">" + ms(t - run->timeline_start) +
           "</text>";
  }
  double gpuTop = height, gpuBottom = 0;
  for (const std::string &t : run->timeline_tracks)
    if (t.rfind("GPU", 0) == 0) {
      gpuTop = std::min(gpuTop, yOf[t]);
      gpuBottom = std::max(gpuBottom, yOf[t] + TrackH);
    }
  // Idle bubbles after stalls, across the GPU tracks.
  for (const auto &[a, b] : run->timeline_bubbles)
    if (gpuBottom > gpuTop)
      svg +=
          "<rect class=\"bubble\" x=\"" + svgNumber(x(a)) + "\" y=\"" + svgNumber(gpuTop - 2) +
          "\" width=\"" + svgNumber(std::max(1.0, x(b) - x(a))) + "\" height=\"" +
          svgNumber(gpuBottom - gpuTop + 4) +
          "\" fill=\"#f59e0b\" fill-opacity=\"0.35\"><title>GPU idle after a sync: " + ms(b - a) +
          "</title></rect>";
  for (const std::string &track : run->timeline_tracks) {
    double y = yOf[track];
    svg += "<g class=\"track\" data-track=\"" + htmlEscape(track) + "\"><text x=\"4\" y=\"" +
           svgNumber(y + 14) + "\">" + htmlEscape(track) + "</text><rect x=\"" + svgNumber(Label) +
           "\" y=\"" + svgNumber(y) + "\" width=\"" + svgNumber(Width - Label - 10) +
           "\" height=\"" + svgNumber(TrackH) + "\" fill=\"#f8fafc\"/>";
    for (const TimelineEvent &e : run->timeline)
      if (e.track == track)
        svg += "<rect x=\"" + svgNumber(x(e.start)) + "\" y=\"" + svgNumber(y + 2) + "\" width=\"" +
               svgNumber(std::max(0.6, x(e.end) - x(e.start))) + "\" height=\"" +
               svgNumber(TrackH - 4) + "\" fill=\"" + colour(e) + "\"><title>" +
               htmlEscape(readableName(e.name)) + " " + ms(e.end - e.start) +
               (readableName(e.name) == e.name ? "" : "\n" + htmlEscape(e.name)) +
               "</title></rect>";
    for (const TimelineEvent &s : run->timeline_stalls)
      if (s.track == track)
        svg += "<rect class=\"stall\" x=\"" + svgNumber(x(s.start)) + "\" y=\"" + svgNumber(y) +
               "\" width=\"" + svgNumber(std::max(1.0, x(s.end) - x(s.start))) + "\" height=\"" +
               svgNumber(TrackH) + "\" fill=\"#ef4444\" fill-opacity=\"0.45\"><title>stall (" +
               htmlEscape(s.name) + "): " + ms(s.end - s.start) + "</title></rect>";
    svg += "</g>";
  }
  // Legend.
  svg += svgLegend(
      std::vector<std::pair<const char *, const char *>>{{"kernel", "#3b82f6"},
                                                         {"copy", "#10b981"},
                                                         {"sync / copy call", "#64748b"},
                                                         {"other CUDA call", "#cbd5e1"},
                                                         {"host stall", "#ef4444"},
                                                         {"GPU idle after a sync", "#f59e0b"}},
      Label, height - 8, 150);
  return svg + "</svg><p class=\"note\">" + htmlEscape(run->label) + ", " +
         ms(run->timeline_end - run->timeline_start) +
         " around the costliest site's median stall.</p>";
}

} // namespace hostsync::report
