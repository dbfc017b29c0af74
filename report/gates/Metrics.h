// The metrics a --fail-if gate can name: one table that the parser (names, which ones are
// percentages) and the evaluation (values) both read, so they cannot disagree.
#pragma once

#include "model/ReportModel.h"

#include <string>

namespace hostsync::report {

struct Metric {
  const char *name;
  bool percent; // written with %, e.g. 'lost_to_sync > 5%'; the others are counts
  double (*value)(const Report &);
};

// nullptr for a name that is not a metric.
const Metric *findMetric(const std::string &name);

// "lost_to_sync, stall, gpu_busy, findings, ...", in the order of the docs' table.
std::string metricNames();

} // namespace hostsync::report
