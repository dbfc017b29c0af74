#include "gates/Metrics.h"

namespace hostsync::report {

namespace {
double stallPercent(const Report &r) {
  return r.headline.window_ns ? 100.0 * static_cast<double>(r.headline.stall_ns) /
                                    static_cast<double>(r.headline.window_ns)
                              : 0.0;
}

double findings(const Report &r) {
  double n = 0;
  for (const StaticFinding &f : r.findings)
    n += !f.suppressed;
  return n;
}

double hotFindings(const Report &r) {
  double n = 0;
  for (const StaticFinding &f : r.findings)
    n += !f.suppressed && f.rank == "hot";
  return n;
}

double missedStatically(const Report &r) {
  double n = 0;
  for (const Site &s : r.sites)
    n += s.finding < 0;
  return n;
}

const Metric kMetrics[] = {
    {"lost_to_sync", true, [](const Report &r) { return r.headline.lost_to_sync_pct; }},
    {"stall", true, stallPercent},
    {"gpu_busy", true, [](const Report &r) { return r.headline.gpu_busy_pct; }},
    {"findings", false, findings},
    {"hot_findings", false, hotFindings},
    {"new_findings", false, [](const Report &r) { return static_cast<double>(r.new_findings); }},
    {"missed_statically", false, missedStatically},
    {"cold_findings", false,
     [](const Report &r) { return static_cast<double>(r.cold_findings.size()); }},
};
} // namespace

const Metric *findMetric(const std::string &name) {
  for (const Metric &m : kMetrics)
    if (name == m.name)
      return &m;
  return nullptr;
}

std::string metricNames() {
  std::string names;
  for (const Metric &m : kMetrics)
    names += std::string(names.empty() ? "" : ", ") + m.name;
  return names;
}

} // namespace hostsync::report
