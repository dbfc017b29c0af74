#include "render/ReportJson.h"

#include "input/ProcessRole.h"
#include "render/Format.h"
#include "render/ReadableName.h"
#include "render/VerdictText.h"

#include "common/JsonText.h"

#include <nlohmann/json.hpp>

namespace hostsync::report {

using J = nlohmann::ordered_json;

namespace {
J findingJson(const StaticFinding &f) {
  return {{"rule", f.rule}, {"severity", f.severity},    {"file", f.file},
          {"line", f.line}, {"column", f.column},        {"op", f.op},
          {"rank", f.rank}, {"function", f.function},    {"message", f.message},
          {"fix", f.fix},   {"suppressed", f.suppressed}};
}

const char *listId(SiteList l) {
  return l == SiteList::Fix ? "fix" : l == SiteList::NoWait ? "no_wait" : "one_time";
}

J sitePhasesJson(const Site &s) {
  J out = J::object();
  for (int k = 0; k < PhaseCount; ++k)
    out[PhaseNames[k]] = {{"calls", s.phases[k].calls},
                          {"waited", s.phases[k].waited},
                          {"wait_ns", s.phases[k].wait_ns},
                          {"idle_charged_ns", s.phases[k].idle_ns}};
  return out;
}

J siteJson(const Site &s, const Report &r) {
  Ns gpuTime = r.verdict.gpu_window_ns > 0 ? r.verdict.gpu_window_ns : r.headline.gpu_window_ns;
  Ns saving = s.list == SiteList::OneTime ? s.idle_ns : s.steady().idle_ns;
  J j = {{"file", s.where.known() ? J(s.where.file) : J(nullptr)},
         {"line", s.where.known() ? J(s.where.line) : J(nullptr)},
         {"function", s.where.function},
         {"function_short", readableName(s.where.function)},
         {"library_site", s.library_site},
         {"language", s.where.python ? "python" : "cpp"},
         {"op", s.op},
         {"rule", s.rule},
         {"backward_of", s.where.backward_of},
         {"backward_node", s.backward_node},
         {"runs", s.runs},
         {"list", listId(s.list)},
         {"count", s.count},
         {"waited", s.waited},
         {"stall_ns", s.stall_ns},
         {"p50_ns", s.p50_ns},
         {"p99_ns", s.p99_ns},
         {"idle_charged_ns", s.idle_ns},
         {"bytes", s.bytes},
         {"phases", sitePhasesJson(s)},
         {"share_of_gpu_time_pct",
          gpuTime ? 100.0 * static_cast<double>(saving) / static_cast<double>(gpuTime) : 0.0},
         {"saving_upper_bound_ns", saving}};
  if (r.steps > 0) {
    j["per_step_idle_ns"] = s.idle_ns / r.steps;
    j["per_step_stall_ns"] = s.stall_ns / r.steps;
  }
  if (s.finding >= 0) {
    j["matched_by"] = s.matched_by;
    j["finding"] = findingJson(r.findings[s.finding]);
  } else {
    j["missed_reason"] = s.missed_reason;
  }
  if (FixText fix; fixFor(s.rule, s.where.python, fix))
    j["fix"] = {{"language", fix.language},
                {"summary", fix.summary},
                {"before", fix.before},
                {"after", fix.after}};
  j["example_stack"] = s.example_stack;
  if (s.source_changed)
    j["source_changed"] = true;
  return j;
}
J verdictJson(const Verdict &v) {
  return {{"bound", boundId(v.bound)},
          {"text", verdictText(v)},
          {"steady", v.steady},
          {"phases_how", v.phases_how},
          {"phases_text", phasesText(v)},
          {"startup_ns", v.startup_ns},
          {"teardown_ns", v.teardown_ns},
          {"syncs_minor", v.syncs_minor},
          {"gpu_window_ns", v.gpu_window_ns},
          {"busy_ns", v.busy_ns},
          {"busy_pct", v.busyPct()},
          {"idle_ns", v.idle_ns},
          {"idle",
           {{"sync_ns", v.sync_ns},
            {"suppressed_sync_ns", v.suppressed_ns},
            {"launch_ns", v.launch_ns},
            {"input_ns", v.input_ns},
            {"unexplained_ns", v.unexplained_ns}}},
          {"idle_pct",
           {{"sync", v.idlePct(v.sync_ns)},
            {"suppressed_sync", v.idlePct(v.suppressed_ns)},
            {"launch", v.idlePct(v.launch_ns)},
            {"input", v.idlePct(v.input_ns)},
            {"unexplained", v.idlePct(v.unexplained_ns)}}},
          {"suppressed_sites", v.suppressed_sites},
          {"gpu_items", v.gpu_items}};
}
J jobJson(const JobView &job) {
  J ranks = J::array(), causes = J::array();
  for (const RankRow &r : job.ranks)
    ranks.push_back({{"label", r.label},
                     {"rank", r.rank},
                     {"host", r.host},
                     {"collectives", r.collectives},
                     {"comm_ns", r.comm_ns},
                     {"comm_hidden_ns", r.comm_hidden_ns},
                     {"waited_ns", r.waited_ns},
                     {"caused_ns", r.caused_ns},
                     {"came_last", r.last}});
  for (const LateCause &c : job.causes)
    causes.push_back({{"rank", c.rank},
                      {"file", c.where.known() ? J(c.where.file) : J(nullptr)},
                      {"line", c.where.known() ? J(c.where.line) : J(nullptr)},
                      {"api", c.api},
                      {"count", c.count},
                      {"caused_ns", c.caused_ns}});
  J late = nullptr; // how late the straggler was, per collective lined up
  for (const RankRow &r : job.ranks)
    if (!job.straggler.empty() && r.rank == job.straggler && job.lined_up)
      late = r.caused_ns / static_cast<Ns>(job.lined_up);
  return {{"lined_up", job.lined_up},
          {"straggler", job.straggler.empty() ? J(nullptr) : J(job.straggler)},
          {"straggler_late_per_collective_ns", late},
          {"summary", stragglerText(job)},
          {"ranks", ranks},
          {"late_causes", causes},
          {"notes", job.notes}};
}
} // namespace

std::string reportJson(const Report &r) {
  const Headline &h = r.headline;
  J doc;
  doc["schema"] = "hostsync-report/report";
  doc["version"] = ReportJsonVersion;
  doc["inputs"] = {{"lint", r.has_lint}, {"trace", r.has_trace}, {"baseline", r.has_baseline}};
  doc["warnings"] = r.warnings;
  if (r.has_trace)
    doc["verdict"] = verdictJson(r.verdict);
  doc["headline"] = {{"window_ns", h.window_ns},
                     {"gpu_window_ns", h.gpu_window_ns},
                     {"gpu_busy_ns", h.gpu_busy_ns},
                     {"gpu_busy_pct", h.gpu_busy_pct},
                     {"host_stall_ns", h.stall_ns},
                     {"sync_bubble_ns", h.bubble_ns},
                     {"lost_to_sync_pct", h.lost_to_sync_pct},
                     {"multi_stream_pct", h.multi_stream_pct},
                     {"copy_under_compute_pct", h.copy_overlap_pct},
                     {"steps", r.steps}};
  if (h.sampling.on) {
    const RunSampling &s = h.sampling;
    doc["headline"]["sampling"] = {
        {"runs", s.runs},
        {"windows", s.windows},
        {"observed_ns", s.observed_ns},
        {"gpu_time_ns", s.span_ns},
        {"interval", s.interval},
        {"gpu_busy_ns", {s.busy_ns, s.busy_lo_ns, s.busy_hi_ns}},
        {"sync_bubble_ns", {s.bubble_ns, s.bubble_lo_ns, s.bubble_hi_ns}},
        {"unobserved_syncs", s.unobserved_syncs},
        {"slowdown", s.slowdown}};
  }
  J runs = J::array();
  for (const TracedRun &run : r.runs) {
    J timelines = J::array();
    for (const TimelineFile &t : run.timelines)
      timelines.push_back({{"name", t.name},
                           {"reason", t.reason},
                           {"file", t.path},
                           {"start_ns", t.start_ns},
                           {"end_ns", t.end_ns},
                           {"slices", t.slices},
                           {"bytes", t.bytes},
                           {"state", t.state}});
    J phases = J::object();
    if (!run.phases_how.empty()) {
      phases["how"] = run.phases_how;
      for (int k = 0; k < PhaseCount; ++k) {
        const RunPhase &p = run.phases[k];
        phases[PhaseNames[k]] = {{"start_ns", p.start_ns},       {"end_ns", p.end_ns},
                                 {"gpu_time_ns", p.gpu_time_ns}, {"gpu_busy_ns", p.gpu_busy_ns},
                                 {"launches", p.launches},       {"syncs", p.syncs},
                                 {"stalls", p.stalls},           {"sync_ns", p.sync_ns}};
      }
    }
    runs.push_back({{"label", run.label},
                    {"trace", run.source},
                    {"pid", run.pid},
                    {"ppid", run.ppid},
                    {"role", roleKindId(run.role.kind)},
                    {"role_text", run.role.text},
                    {"rank", run.rank},
                    {"local_rank", run.local_rank},
                    {"world_size", run.world_size},
                    {"launcher", run.launcher},
                    {"host", run.host},
                    {"ended_by", run.ended_by},
                    {"gpu_work", run.gpu_items > 0 || run.gpu_busy_ns > 0},
                    {"command", run.command},
                    {"window_ns", run.window_ns},
                    {"host_stall_ns", run.stall_ns},
                    {"sync_bubble_ns", run.bubble_ns},
                    {"gpu_busy_ns", run.gpu_busy_ns},
                    {"gpu_window_ns", run.gpu_window_ns},
                    {"stalls", run.stalls.size()},
                    {"syncs", run.syncs},
                    {"phases", phases},
                    {"autograd_link", run.autograd_link},
                    {"dropped_records", run.dropped},
                    {"timelines", timelines}});
  }
  doc["runs"] = runs;
  J roles = J::array();
  for (const RoleGroup &g : r.roles)
    roles.push_back({{"role", roleKindId(g.kind)},
                     {"processes", g.processes},
                     {"with_gpu_work", g.with_gpu_work},
                     {"stalls", g.stalls},
                     {"host_stall_ns", g.stall_ns},
                     {"gpu_busy_ns", g.gpu_busy_ns}});
  doc["roles"] = roles;
  doc["skipped_inputs"] = r.skipped_inputs;
  if (r.job.present())
    doc["job"] = jobJson(r.job);
  J measured = J::array(), missed = J::array(), cold = J::array();
  for (const Site &s : r.sites)
    (s.finding >= 0 ? measured : missed).push_back(siteJson(s, r));
  for (int i : r.cold_findings)
    cold.push_back(findingJson(r.findings[i]));
  doc["findings_with_cost"] = measured;
  doc["missed_statically"] = missed;
  doc["cold_in_this_run"] = cold;
  J all = J::array();
  for (const StaticFinding &f : r.findings)
    all.push_back(findingJson(f));
  doc["findings"] = all;
  if (r.has_baseline)
    doc["new_findings"] = r.new_findings;
  return text::outputJson(doc, 1) + "\n";
}

} // namespace hostsync::report
