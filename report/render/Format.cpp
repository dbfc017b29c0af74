#include "render/Format.h"

#include "render/ReadableName.h"
#include "rules/Catalog.h"

#include <algorithm>
#include <cstdio>

namespace hostsync::report {

std::string ms(Ns ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f ms", static_cast<double>(ns) / 1e6);
  return buf;
}

std::string pct(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", p);
  return buf;
}

std::string siteName(const Site &s) {
  if (!s.where.known())
    return "in " + readableName(s.library_site) + " (library)";
  std::string line = s.where.file + ":" + std::to_string(s.where.line);
  return s.where.backward_of.empty() ? line : line + " (backward of " + s.where.backward_of + ")";
}

std::string syncsText(const SitePhase &p) {
  return p.waited == p.calls
             ? std::to_string(p.calls)
             : std::to_string(p.calls) + " (" + std::to_string(p.waited) + " waited)";
}

std::vector<size_t> sitesIn(const Report &r, SiteList list, size_t top) {
  std::vector<size_t> out;
  for (size_t i = 0; i < r.sites.size() && out.size() < top; ++i)
    if (r.sites[i].list == list)
      out.push_back(i);
  return out;
}

std::string onceText(const Site &s) {
  if (s.module_move)
    return "a module's move to the device";
  bool before = s.phases[StartupPhase].calls > 0, after = s.phases[TeardownPhase].calls > 0;
  return before && after ? "start-up and teardown" : before ? "start-up" : "teardown";
}

std::string savingText(const Site &s, const Report &r) {
  // The steady part's idle, against the GPU time the verdict judged (the steady part's).
  Ns idle = s.list == SiteList::OneTime ? s.idle_ns : s.steady().idle_ns;
  std::string out = "up to " + ms(idle) + " of GPU idle";
  Ns of = r.verdict.gpu_window_ns > 0 ? r.verdict.gpu_window_ns : r.headline.gpu_window_ns;
  if (of > 0)
    out += " (" + pct(100.0 * static_cast<double>(idle) / static_cast<double>(of)) +
           (r.verdict.steady ? " of the steady part's GPU time)" : " of GPU time)");
  if (r.steps > 0)
    out += ", " + ms(idle / r.steps) + " per step";
  return out;
}

std::string findingCount(const Report &r) {
  size_t suppressed = 0;
  for (const StaticFinding &f : r.findings)
    suppressed += f.suppressed;
  return std::to_string(r.findings.size() - suppressed) + " static findings" +
         (suppressed ? " (" + std::to_string(suppressed) + " more suppressed by NOLINT)" : "");
}

std::string matchText(const Site &s, const Report &r) {
  // The line was read from a file edited since the trace: the match (or miss) may be wrong.
  std::string edited = s.source_changed ? " (source edited since traced: the line may be off)" : "";
  if (s.finding < 0)
    return "missed statically: " + s.missed_reason + edited;
  const StaticFinding &f = r.findings[s.finding];
  return "matched by " + s.matched_by +
         (f.suppressed ? " (suppressed by NOLINT" +
                             (f.suppression_reason.empty() ? "" : ": " + f.suppression_reason) + ")"
                       : "") +
         edited;
}

bool fixFor(const std::string &rule, bool python, FixText &out) {
  const hostsync::RuleInfo *info = hostsync::Catalog::embedded().find(rule);
  if (!info)
    return false;
  if (python && !info->PyFixSummary.empty())
    out = {info->PyFixSummary, info->PyFixBefore, info->PyFixAfter, "python"};
  else
    out = {info->FixSummary, info->FixBefore, info->FixAfter, "cpp"};
  return true;
}

std::string htmlEscape(const std::string &s) {
  std::string out;
  for (char c : s)
    switch (c) {
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '&':
      out += "&amp;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  return out;
}

std::string lateCauseText(const LateCause &c) {
  if (c.where.known())
    return c.where.file + ":" + std::to_string(c.where.line) + " (" + c.api + ")";
  if (!c.api.empty())
    return "in " + c.api + " (no user frame)";
  return "no stall before it (slower compute or input)";
}

std::string stragglerText(const JobView &job) {
  std::string lined = std::to_string(job.lined_up) + " collectives lined up across " +
                      std::to_string(job.ranks.size()) + " ranks";
  if (job.straggler.empty())
    return lined + ": no rank stood out (the waits are spread over the ranks, or short).";
  const RankRow *late = nullptr;
  for (const RankRow &r : job.ranks)
    if (r.rank == job.straggler)
      late = &r;
  // Late by how much, per collective lined up: a training step's all-reduce is one.
  std::string text =
      lined + ": rank " + job.straggler + " came last to " + std::to_string(late->last) +
      " of them and the others waited " + ms(late->caused_ns) + " for it (" +
      ms(late->caused_ns / static_cast<Ns>(std::max<size_t>(job.lined_up, 1))) + " per collective)";
  for (const LateCause &c : job.causes)
    if (c.rank == job.straggler)
      return text + "; most of it after " + lateCauseText(c) + " (" + ms(c.caused_ns) + ", " +
             std::to_string(c.count) + " times).";
  return text + ".";
}

std::vector<size_t> shownRanks(const JobView &job, size_t top) {
  std::vector<size_t> rows(job.ranks.size());
  for (size_t i = 0; i < rows.size(); ++i)
    rows[i] = i;
  if (rows.size() <= top)
    return rows;
  // The slowest: those the others waited for most, then those that came last most often.
  std::stable_sort(rows.begin(), rows.end(), [&](size_t a, size_t b) {
    const RankRow &x = job.ranks[a], &y = job.ranks[b];
    return x.caused_ns != y.caused_ns ? x.caused_ns > y.caused_ns : x.last > y.last;
  });
  rows.resize(top);
  return rows;
}

std::string moreRanksText(const JobView &job, size_t shown) {
  if (shown >= job.ranks.size())
    return "";
  return "The " + std::to_string(shown) + " slowest of " + std::to_string(job.ranks.size()) +
         " ranks (--top); report.json lists every rank.";
}

std::string moreProcessesText(const Report &r, size_t shown) {
  if (shown >= r.processes.size())
    return "";
  return "The " + std::to_string(shown) +
         " that stalled longest (--top); report.json lists every process.";
}

std::string endedText(const std::string &endedBy) {
  if (endedBy == "exit")
    return "exit";
  if (endedBy == "running") // the tracer's periodic write: nothing was written at the end
    return "killed, or still running (its last periodic write)";
  return endedBy;
}

std::vector<std::string> processColumns() {
  return {"process", "role", "host", "GPU busy", "syncs", "host wait", "ended by"};
}

std::vector<std::string> processCells(const Report &r, const ProcessRow &p) {
  const TracedRun &run = r.runs[p.run];
  return {"pid " + run.pid,
          run.role.text,
          run.host,
          p.gpu_work ? ms(run.gpu_busy_ns) : "no GPU work",
          std::to_string(p.stalls),
          ms(run.stall_ns),
          endedText(run.ended_by)};
}

std::string rolesText(const Report &r) {
  auto plural = [](uint64_t n, const char *one, const char *many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  std::string out;
  for (const RoleGroup &g : r.roles) {
    std::string what = g.kind == RoleKind::Main       ? std::string("the main process")
                       : g.kind == RoleKind::Rank     ? plural(g.processes, "rank", "ranks")
                       : g.kind == RoleKind::Launcher ? plural(g.processes, "launcher", "launchers")
                       : g.kind == RoleKind::Worker
                           ? plural(g.processes, "spawned worker", "spawned workers")
                       : g.kind == RoleKind::Helper
                           ? plural(g.processes, "multiprocessing helper (resource tracker)",
                                    "multiprocessing helpers (resource trackers)")
                           : plural(g.processes, "other process", "other processes");
    what += g.with_gpu_work == g.processes ? ""
            : g.with_gpu_work == 0         ? " (no GPU work)"
                                   : " (" + std::to_string(g.with_gpu_work) + " with GPU work)";
    out += (out.empty() ? "" : ", ") + what;
  }
  return std::to_string(r.runs.size()) + " traced processes: " + out + ".";
}

std::vector<std::string> timelineColumns() {
  return {"run", "window", "why", "length", "slices", "state", "file"};
}

std::vector<std::vector<std::string>> timelineRows(const Report &r) {
  std::vector<std::vector<std::string>> rows;
  for (const TracedRun &run : r.runs)
    for (const TimelineFile &t : run.timelines)
      rows.push_back({run.label, t.name, t.reason, ms(t.end_ns - t.start_ns),
                      std::to_string(t.slices), t.state, t.path});
  return rows;
}

} // namespace hostsync::report
