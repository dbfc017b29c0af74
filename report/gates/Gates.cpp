#include "gates/Gates.h"

#include <cstdio>
#include <cstdlib>
#include <map>

namespace hostsync::report {

namespace {
struct Metric {
  bool percent;
  double (*value)(const Report &);
};

const std::map<std::string, Metric> &metrics() {
  static const std::map<std::string, Metric> M = {
      {"lost_to_sync", {true, [](const Report &r) { return r.headline.lost_to_sync_pct; }}},
      {"stall",
       {true,
        [](const Report &r) {
          return r.headline.window_ns ? 100.0 * static_cast<double>(r.headline.stall_ns) /
                                            static_cast<double>(r.headline.window_ns)
                                      : 0.0;
        }}},
      {"gpu_busy", {true, [](const Report &r) { return r.headline.gpu_busy_pct; }}},
      {"findings",
       {false,
        [](const Report &r) {
          double n = 0;
          for (const StaticFinding &f : r.findings)
            n += !f.suppressed;
          return n;
        }}},
      {"hot_findings",
       {false,
        [](const Report &r) {
          double n = 0;
          for (const StaticFinding &f : r.findings)
            n += !f.suppressed && f.rank == "hot";
          return n;
        }}},
      {"new_findings",
       {false, [](const Report &r) { return static_cast<double>(r.new_findings); }}},
      {"missed_statically",
       {false,
        [](const Report &r) {
          double n = 0;
          for (const Site &s : r.sites)
            n += s.finding < 0;
          return n;
        }}},
      {"cold_findings",
       {false, [](const Report &r) { return static_cast<double>(r.cold_findings.size()); }}},
  };
  return M;
}
} // namespace

bool parseGate(const std::string &text, Gate &gate, std::string &error) {
  char metric[64] = {0}, op[4] = {0}, rest[64] = {0};
  if (std::sscanf(text.c_str(), " %63[a-z_] %3[<>=!] %63s", metric, op, rest) != 3) {
    error = "--fail-if '" + text + "': expected 'METRIC OP VALUE', e.g. 'lost_to_sync > 5%'";
    return false;
  }
  gate = {text, metric, op, 0};
  if (!metrics().count(gate.metric)) {
    std::string names;
    for (const auto &[name, m] : metrics())
      names += (names.empty() ? "" : ", ") + name;
    error = "--fail-if '" + text + "': unknown metric '" + gate.metric + "' (" + names + ")";
    return false;
  }
  if (gate.op != ">" && gate.op != ">=" && gate.op != "<" && gate.op != "<=" && gate.op != "==") {
    error = "--fail-if '" + text + "': unknown comparison '" + gate.op + "' (> >= < <= ==)";
    return false;
  }
  char *end = nullptr;
  gate.value = std::strtod(rest, &end);
  bool pct = end && *end == '%';
  if (end == rest || (end && *end && !(pct && end[1] == '\0'))) {
    error = "--fail-if '" + text + "': '" + rest + "' is not a number";
    return false;
  }
  if (pct != metrics().at(gate.metric).percent) {
    error = "--fail-if '" + text + "': " + gate.metric +
            (pct ? " is a count, not a percentage" : " is a percentage: write it with %");
    return false;
  }
  return true;
}

std::string evaluateGate(const Gate &g, const Report &r) {
  const Metric &m = metrics().at(g.metric);
  double v = m.value(r);
  bool trips = g.op == ">"    ? v > g.value
               : g.op == ">=" ? v >= g.value
               : g.op == "<"  ? v < g.value
               : g.op == "<=" ? v <= g.value
                              : v == g.value;
  if (!trips)
    return "";
  char buf[64];
  std::snprintf(buf, sizeof buf, m.percent ? "%.1f%%" : "%.0f", v);
  return "gate '" + g.text + "' tripped: " + g.metric + " is " + buf;
}

} // namespace hostsync::report
