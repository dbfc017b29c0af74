#include "join/Processes.h"

#include <algorithm>

namespace hostsync::report {

namespace {
// Ranks by number ("2" before "10"), as lineUpRanks orders them.
bool rankBefore(const std::string &a, const std::string &b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}
} // namespace

void listProcesses(Report &report) {
  report.processes.clear();
  report.roles.clear();
  for (size_t i = 0; i < report.runs.size(); ++i) {
    const TracedRun &run = report.runs[i];
    report.processes.push_back({i, run.stalls.size(), run.gpu_items > 0 || run.gpu_busy_ns > 0});
  }
  // Ranks first, in rank order; then the others, those that stalled longest first.
  std::stable_sort(report.processes.begin(), report.processes.end(),
                   [&](const ProcessRow &x, const ProcessRow &y) {
                     const TracedRun &a = report.runs[x.run], &b = report.runs[y.run];
                     bool ra = a.role.kind == RoleKind::Rank, rb = b.role.kind == RoleKind::Rank;
                     if (ra != rb)
                       return ra;
                     if (ra)
                       return rankBefore(a.rank, b.rank);
                     return a.stall_ns > b.stall_ns;
                   });
  for (RoleKind kind : {RoleKind::Rank, RoleKind::Launcher, RoleKind::Worker, RoleKind::Process}) {
    RoleGroup g;
    g.kind = kind;
    for (const ProcessRow &p : report.processes) {
      const TracedRun &run = report.runs[p.run];
      if (run.role.kind != kind)
        continue;
      g.processes++;
      g.with_gpu_work += p.gpu_work;
      g.stalls += p.stalls;
      g.gpu_busy_ns += run.gpu_busy_ns;
      g.stall_ns += run.stall_ns;
    }
    if (g.processes)
      report.roles.push_back(g);
  }
}

std::vector<const ProcessRow *> shownProcesses(const Report &report, size_t top) {
  std::vector<const ProcessRow *> rows;
  for (const ProcessRow &p : report.processes)
    rows.push_back(&p);
  if (rows.size() <= top)
    return rows;
  std::stable_sort(rows.begin(), rows.end(), [&](const ProcessRow *a, const ProcessRow *b) {
    return report.runs[a->run].stall_ns > report.runs[b->run].stall_ns;
  });
  rows.resize(top);
  return rows;
}

} // namespace hostsync::report
