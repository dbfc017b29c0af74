#include "verdict/Verdict.h"

#include <algorithm>

namespace hostsync::report {

namespace {
// One run's idle time by cause. The tracer's parts of a device's idle time add up to it;
// parts that claim more (a hand-made trace) are cut to what is left, in this order, so the
// causes never add up past the idle time.
// One run's GPU time, busy time and idle parts: its steady part's where the trace has phases
// (start-up and teardown set apart), the whole run's otherwise.
struct RunTimes {
  Ns window = 0, busy = 0, bubble = 0, overhead = 0, host = 0;
  uint64_t items = 0;
};
RunTimes timesOf(const TracedRun &run, Verdict &v) {
  if (run.phases_how.empty())
    return {run.gpu_window_ns,    run.gpu_busy_ns,  run.bubble_ns,
            run.idle_overhead_ns, run.idle_host_ns, run.gpu_items};
  const RunPhase &p = run.phases[SteadyPhase];
  v.steady = true;
  v.startup_ns += run.phases[StartupPhase].length();
  v.teardown_ns += run.phases[TeardownPhase].length();
  return {p.gpu_time_ns, p.gpu_busy_ns,     p.sync_bubble_ns,
          p.overhead_ns, p.launch_bound_ns, p.launches};
}

void addRun(const TracedRun &run, Verdict &v) {
  RunTimes t = timesOf(run, v);
  Ns idle = t.window - std::min(t.busy, t.window);
  Ns sync = std::min(t.bubble, idle);
  Ns overhead = std::min(t.overhead, idle - sync);
  Ns host = std::min(t.host, idle - sync - overhead);
  // Each work item the host issued explains at most LaunchBudgetNs of idle as launching.
  Ns launching = t.items >= static_cast<uint64_t>(host / LaunchBudgetNs + 1)
                     ? host
                     : std::min(host, static_cast<Ns>(t.items) * LaunchBudgetNs);
  v.gpu_window_ns += t.window;
  v.busy_ns += t.window - idle;
  v.idle_ns += idle;
  v.sync_ns += sync;
  v.launch_ns += overhead + launching;
  v.input_ns += host - launching;
  v.unexplained_ns += idle - sync - overhead - host;
  v.gpu_items += t.items;
}
} // namespace

IntendedSyncs intendedSyncs(const Report &report) {
  IntendedSyncs out;
  for (const Site &s : report.sites) { // intended sites come after the others, by idle
    if (s.finding < 0 || !report.findings[s.finding].suppressed || s.steady().idle_ns <= 0)
      continue;
    out.idle_ns += s.steady().idle_ns;
    const std::string &why = report.findings[s.finding].suppression_reason;
    std::string file = s.where.file.substr(s.where.file.rfind('/') + 1);
    out.sites.push_back(file + ":" + std::to_string(s.where.line) +
                        (why.empty() ? "" : ", " + why));
  }
  return out;
}

Verdict judgeVerdict(const std::vector<TracedRun> &runs, const IntendedSyncs &intended) {
  Verdict v;
  const TracedRun *busiest = nullptr; // its phases say how the steady part was found
  for (const TracedRun &run : runs) {
    addRun(run, v);
    if (!run.phases_how.empty() && (!busiest || run.gpu_busy_ns > busiest->gpu_busy_ns))
      busiest = &run;
  }
  if (busiest)
    v.phases_how = busiest->phases_how;
  // A sync the user marked as intended does not decide the verdict: its idle is named apart,
  // and the bound is judged on what is left to fix.
  v.suppressed_ns = std::min(intended.idle_ns, v.sync_ns);
  v.sync_ns -= v.suppressed_ns;
  if (v.suppressed_ns > 0)
    v.suppressed_sites = intended.sites;
  if (v.gpu_window_ns <= 0) {
    v.bound = Bound::NoGpu; // nothing ran on a GPU, or it ran for no time
    return v;
  }
  v.syncs_minor = v.idlePct(v.sync_ns) < SyncsMinorIdlePct;
  if (v.busyPct() >= GpuBoundBusyPct) {
    v.bound = Bound::Gpu;
    return v;
  }
  // The cause that explains the most idle time; on a tie, the first of these.
  const std::pair<Bound, Ns> causes[] = {{Bound::Sync, v.sync_ns},
                                         {Bound::Launch, v.launch_ns},
                                         {Bound::Input, v.input_ns},
                                         {Bound::Unexplained, v.unexplained_ns}};
  v.bound =
      std::max_element(std::begin(causes), std::end(causes), [](const auto &a, const auto &b) {
        return a.second < b.second;
      })->first;
  // Idle only after intended syncs: nothing left bounds it but its own work.
  if (v.sync_ns + v.launch_ns + v.input_ns + v.unexplained_ns == 0)
    v.bound = Bound::Gpu;
  return v;
}

} // namespace hostsync::report
