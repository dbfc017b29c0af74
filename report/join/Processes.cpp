#include "join/Processes.h"

#include <algorithm>
#include <set>

namespace hostsync::report {

namespace {
// Ranks by number ("2" before "10"), as lineUpRanks orders them.
bool rankBefore(const std::string &a, const std::string &b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}
} // namespace

// The job's main process: the one traced process that no other traced process started (by
// its parent's pid), where it is neither a rank, a launcher nor a worker. Traces written before
// they said their parent name none.
void findMainProcess(Report &report) {
  if (report.runs.size() < 2)
    return;
  std::set<std::string> pids;
  for (const TracedRun &run : report.runs)
    pids.insert(run.pid);
  TracedRun *root = nullptr;
  for (TracedRun &run : report.runs) {
    if (run.ppid.empty() || pids.count(run.ppid))
      continue;
    if (root)
      return; // two roots: no one main process
    root = &run;
  }
  if (root && root->role.kind == RoleKind::Process) {
    root->role = {RoleKind::Main, "main process"};
    root->label = "main process (pid " + root->pid + ")";
  }
}

void listProcesses(Report &report) {
  report.processes.clear();
  report.roles.clear();
  findMainProcess(report);
  for (size_t i = 0; i < report.runs.size(); ++i) {
    const TracedRun &run = report.runs[i];
    report.processes.push_back({i, run.syncs, run.gpu_items > 0 || run.gpu_busy_ns > 0});
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
  for (RoleKind kind : {RoleKind::Main, RoleKind::Rank, RoleKind::Launcher, RoleKind::Worker,
                        RoleKind::Helper, RoleKind::Process}) {
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
