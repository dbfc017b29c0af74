#include "gates/Gates.h"

#include "gates/Metrics.h"

#include <cstdio>
#include <set>

namespace hostsync::report {

namespace {
bool holds(const Comparison &c, double v) {
  return c.op == ">"    ? v > c.value
         : c.op == ">=" ? v >= c.value
         : c.op == "<"  ? v < c.value
         : c.op == "<=" ? v <= c.value
         : c.op == "==" ? v == c.value
                        : v != c.value;
}

std::string valueText(const Metric &m, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, m.percent ? "%.1f%%" : "%.0f", v);
  return std::string(m.name) + " is " + buf;
}
} // namespace

std::string evaluateGate(const Gate &g, const Report &r) {
  for (const std::vector<Comparison> &clause : g.clauses) {
    bool trips = !clause.empty();
    std::string values;
    std::set<std::string> named; // a metric named twice is said once
    for (const Comparison &c : clause) {
      const Metric &m = *findMetric(c.metric);
      double v = m.value(r);
      trips = trips && holds(c, v);
      if (named.insert(c.metric).second)
        values += (values.empty() ? "" : ", ") + valueText(m, v);
    }
    if (trips)
      return "gate '" + g.text + "' tripped: " + values;
  }
  return "";
}

} // namespace hostsync::report
