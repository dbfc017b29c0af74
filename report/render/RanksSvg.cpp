#include "render/RanksSvg.h"

#include "render/Format.h"
#include "render/SvgParts.h"

#include <algorithm>

namespace hostsync::report {

namespace {
constexpr double RanksWidth = 1100, RanksLabel = 160, RanksTrackH = 22, RanksGap = 8, RanksTop = 24;

std::string rect(const char *cls, double x, double y, double w, double h, const char *fill,
                 const std::string &title) {
  return std::string("<rect class=\"") + cls + "\" x=\"" + svgNumber(x) + "\" y=\"" + svgNumber(y) +
         "\" width=\"" + svgNumber(std::max(1.0, w)) + "\" height=\"" + svgNumber(h) +
         "\" fill=\"" + fill + "\"><title>" + htmlEscape(title) + "</title></rect>";
}
} // namespace

std::string ranksSvg(const Report &r, const std::vector<size_t> &shown) {
  const JobView &job = r.job;
  if (job.lined_up == 0 || shown.empty())
    return "";
  std::vector<const TracedRun *> all, runs; // every rank; the ranks drawn
  for (const RankRow &row : job.ranks)
    all.push_back(&r.runs[row.run]);
  std::vector<Ns> offsets;
  for (size_t i : shown) {
    runs.push_back(all[i]);
    offsets.push_back(job.ranks[i].clock_offset_ns);
  }
  // Each drawn collective's last arrival, over every rank (drawn or not).
  auto lastArrival = [&](size_t k) {
    Ns last = INT64_MIN;
    for (size_t j = 0; j < all.size(); ++j)
      last = std::max(last, all[j]->collectives[k].first - job.ranks[j].clock_offset_ns);
    return last;
  };
  // Two collectives before the worst one to one after it, on the first rank's clock.
  size_t from = job.worst >= 2 ? job.worst - 2 : 0, to = std::min(job.worst + 1, job.lined_up - 1);
  Ns lo = INT64_MAX, hi = INT64_MIN;
  for (size_t i = 0; i < runs.size(); ++i) {
    lo = std::min(lo, runs[i]->collectives[from].first - offsets[i]);
    hi = std::max(hi, runs[i]->collectives[to].second - offsets[i]);
  }
  if (from > 0) // from the end of the collective before the first one drawn
    for (size_t i = 0; i < runs.size(); ++i)
      lo = std::min(lo, runs[i]->collectives[from - 1].second - offsets[i]);
  const double span = static_cast<double>(std::max<Ns>(1, hi - lo));
  auto x = [&](Ns t) {
    return RanksLabel +
           static_cast<double>(std::clamp(t, lo, hi) - lo) / span * (RanksWidth - RanksLabel - 10);
  };
  double height = RanksTop + static_cast<double>(runs.size()) * (RanksTrackH + RanksGap) + 24;
  std::string svg = "<svg id=\"ranks-timeline\" viewBox=\"0 0 " + svgNumber(RanksWidth) + " " +
                    svgNumber(height) +
                    "\" width=\"100%\" role=\"img\" aria-label=\"the ranks side by side\">";
  for (int i = 0; i <= 5; ++i) {
    Ns t = lo + static_cast<Ns>(span * i / 5);
    svg += "<text x=\"" + svgNumber(x(t)) + "\" y=\"12\" text-anchor=\"middle\" fill=\"#64748b\">" +
           ms(t - lo) + "</text>";
  }
  for (size_t i = 0; i < runs.size(); ++i) {
    const TracedRun &run = *runs[i];
    Ns off = offsets[i];
    double y = RanksTop + static_cast<double>(i) * (RanksTrackH + RanksGap);
    svg +=
        "<g class=\"rank\" data-rank=\"" + htmlEscape(job.ranks[shown[i]].rank) +
        "\"><text x=\"4\" y=\"" + svgNumber(y + 15) + "\">" + htmlEscape(run.label) + "</text>" +
        rect("lane", RanksLabel, y, RanksWidth - RanksLabel - 10, RanksTrackH, "#f8fafc", run.host);
    for (const TracedStall &s : run.stalls)
      if (s.end - off > lo && s.start - off < hi)
        svg += rect("stall", x(s.start - off), y, x(s.end - off) - x(s.start - off), RanksTrackH,
                    "#ef4444", "stall (" + s.api + "): " + ms(s.length()));
    for (size_t k = from; k <= to; ++k) {
      Ns start = run.collectives[k].first - off, end = run.collectives[k].second - off;
      Ns last = std::max(start, lastArrival(k));
      svg += rect("collective", x(start), y + 4, x(end) - x(start), RanksTrackH - 8, "#8b5cf6",
                  "collective " + std::to_string(k + 1) + ": " + ms(end - start));
      if (last > start)
        svg += rect("wait", x(start), y + 4, x(last) - x(start), RanksTrackH - 8, "#f59e0b",
                    "waiting for the last rank: " + ms(last - start));
    }
    svg += "</g>";
  }
  svg += svgLegend(
      std::vector<std::pair<const char *, const char *>>{{"collective", "#8b5cf6"},
                                                         {"waiting for the last rank", "#f59e0b"},
                                                         {"host stall", "#ef4444"}},
      RanksLabel, height - 8, 220);
  return svg + "</svg><p class=\"note\">Collectives " + std::to_string(from + 1) + " to " +
         std::to_string(to + 1) + " of " + std::to_string(job.lined_up) +
         ", around the one whose ranks arrived furthest apart, on " + htmlEscape(all[0]->label) +
         "'s clock" + (runs.size() < all.size() ? "; the ranks of the table above" : "") + ".</p>";
}

} // namespace hostsync::report
