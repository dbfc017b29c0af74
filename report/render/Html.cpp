#include "render/Html.h"

#include "join/Processes.h"
#include "render/Format.h"
#include "render/RanksSvg.h"
#include "render/ReadableName.h"
#include "render/TimelineSvg.h"
#include "render/VerdictBar.h"
#include "render/VerdictText.h"

#include "rules/Catalog.h"

namespace hostsync::report {

namespace {
const char *kStyle = R"css(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1180px;color:#1d2430;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #dde2ea;padding-bottom:4px}
.sub{color:#5b6675;margin:0 0 16px}
.warn{background:#fff4e5;border-left:4px solid #f59e0b;padding:6px 10px;margin:8px 0}
.cards{display:flex;gap:12px;flex-wrap:wrap}.card{flex:1 1 170px;border:1px solid #dde2ea;border-radius:8px;padding:10px 14px;background:#f8fafc}
.card b{display:block;font-size:24px}.card span{color:#5b6675;font-size:12px}
.card.bad b{color:#b42318}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{text-align:left;padding:5px 8px;border-bottom:1px solid #e6e9ef;vertical-align:top}
th{background:#f1f4f8;font-weight:600;font-size:12px}td.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}pre{background:#f6f8fa;border:1px solid #e6e9ef;border-radius:6px;padding:8px;overflow:auto;margin:4px 0}
.rule{font-weight:600}.tag{display:inline-block;font-size:11px;border-radius:4px;padding:0 6px;background:#e8eefc;color:#1f4db8}
.tag.miss{background:#fdecea;color:#b42318}.fixes{display:grid;grid-template-columns:1fr 1fr;gap:8px}
details summary{cursor:pointer;color:#1f4db8}svg text{font:11px system-ui,sans-serif}
.note{color:#5b6675;font-size:12px}
.verdict{font-size:15px;border-left:4px solid #3b82f6;background:#f1f5fd;padding:8px 12px;margin:8px 0 12px}
.verdict.sync_bound{border-color:#b42318;background:#fdf1ef}.verdict p{margin:0}
.verdict svg{display:block;margin-top:6px}
@media print{body{margin:0;max-width:none}details{display:block}details>*{display:block}.card{break-inside:avoid}tr{break-inside:avoid}}
)css";

std::string card(const char *id, const std::string &value, const std::string &label,
                 bool bad = false) {
  return std::string("<div class=\"card") + (bad ? " bad" : "") + "\"><b id=\"" + id + "\">" +
         htmlEscape(value) + "</b><span>" + htmlEscape(label) + "</span></div>";
}

// The rule's explanation and its before/after fix, as the catalog (and so the analyzer and
// the docs) words them.
std::string fixBlock(const std::string &rule, bool python) {
  const hostsync::RuleInfo *info = Catalog::embedded().find(rule);
  FixText fix;
  if (!info || !fixFor(rule, python, fix))
    return "";
  return "<details><summary>" + htmlEscape(info->Title) +
         ": why it syncs and the fix</summary><p>" + htmlEscape(info->Why) + "</p><p><b>Fix:</b> " +
         htmlEscape(fix.summary) +
         "</p><div class=\"fixes\"><div><span class=\"note\">before</span><pre>" +
         htmlEscape(fix.before) + "</pre></div><div><span class=\"note\">after</span><pre>" +
         htmlEscape(fix.after) + "</pre></div></div></details>";
}

// A function by its readable name, with the whole name on hover where they differ: the page
// stays readable and nothing is lost.
std::string readableHtml(const std::string &function) {
  std::string name = readableName(function);
  return name == function ? htmlEscape(name)
                          : "<span class=\"fn\" title=\"" + htmlEscape(function) + "\">" +
                                htmlEscape(name) + "</span>";
}

// The example stack, each function by its readable name.
std::string stackHtml(const Site &s) {
  std::string h;
  for (const StackFrame &f : s.example_frames)
    h += readableHtml(f.function) + htmlEscape(StackFrame{"", f.location, f.python}.text()) + "\n";
  if (size_t more = s.example_stack.rfind("\n... "); more != std::string::npos)
    h += htmlEscape(s.example_stack.substr(more + 1));
  return h;
}

// A site's row; in the steady part's figures (the lists of the steady part) or the whole
// run's (the lists of findings and misses, and the one-time syncs).
std::string siteRow(size_t i, const Site &s, const Report &r, bool steady) {
  SitePhase f = steady ? s.steady() : SitePhase{s.count, s.waited, s.stall_ns, s.idle_ns};
  std::string status =
      s.finding >= 0 ? "<span class=\"tag\">finding " + htmlEscape(matchText(s, r)) + "</span>"
                     : "<span class=\"tag miss\">missed statically</span> <span "
                       "class=\"note\">" +
                           htmlEscape(s.missed_reason) + "</span>";
  std::string where = "<code>" + htmlEscape(siteName(s)) + "</code>";
  if (!s.where.function.empty())
    where += " <span class=\"note\">in " + readableHtml(s.where.function) + "</span>";
  if (!s.op.empty())
    where += " <span class=\"note\">op <code>" + htmlEscape(s.op) + "</code></span>";
  if (!s.code.empty())
    where += "<pre>" + htmlEscape(s.code) + "</pre>";
  return "<tr class=\"site\"><td class=\"num\">" + std::to_string(i + 1) + "</td><td>" + where +
         "<div><span class=\"rule\">" + htmlEscape(s.rule) + "</span> " + status + "</div>" +
         fixBlock(s.rule, s.where.python) + "<details><summary>stack</summary><pre>" +
         stackHtml(s) + "</pre></details></td><td class=\"num\">" + htmlEscape(syncsText(f)) +
         "</td><td class=\"num\">" + ms(f.wait_ns) + "<br><span class=\"note\">p50 " +
         ms(s.p50_ns) + "<br>p99 " + ms(s.p99_ns) + "</span></td><td class=\"num\">" +
         ms(f.idle_ns) + "</td><td>" +
         htmlEscape(s.list == SiteList::OneTime ? onceText(s) : savingText(s, r)) + "</td></tr>";
}

std::string findingRow(const StaticFinding &f) {
  return "<tr class=\"finding\"><td><code>" + htmlEscape(f.file + ":" + std::to_string(f.line)) +
         "</code>" + (f.code.empty() ? "" : "<pre>" + htmlEscape(f.code) + "</pre>") +
         "</td><td class=\"rule\">" + htmlEscape(f.rule) + "</td><td>" + htmlEscape(f.rank) +
         "</td><td>" + htmlEscape(f.message) + "</td></tr>";
}

std::string siteTable(const char *id, const std::vector<size_t> &which, const Report &r,
                      bool steady = false) {
  std::string h = std::string("<table id=\"") + id +
                  "\"><tr><th>#</th><th>site</th><th>syncs</th><th>host wait</th><th>GPU idle "
                  "after</th><th>saving if fixed</th></tr>";
  for (size_t i : which)
    h += siteRow(i, r.sites[i], r, steady);
  return h + "</table>";
}

std::string barRow(const char *cls, const std::string &run, const std::string &what, Ns ns, Ns of,
                   const char *fill) {
  double p = of ? 100.0 * static_cast<double>(ns) / static_cast<double>(of) : 0.0;
  return std::string("<tr class=\"") + cls + "\"><td>" + htmlEscape(run) + "</td><td>" +
         htmlEscape(what) + "</td><td class=\"num\">" + pct(p) +
         "</td><td><svg width=\"100%\" height=\"12\" role=\"img\"><rect width=\"" +
         std::to_string(std::min(100.0, p)) + "%\" height=\"12\" fill=\"" + fill +
         "\"/></svg></td></tr>";
}

// Per stream: busy share of the GPU's traced time; per stream pair: time both were busy.
std::string streamBars(const Report &r) {
  std::string h = "<table id=\"streams\"><tr><th>run</th><th>GPU streams</th><th>of GPU "
                  "time</th><th style=\"width:50%\"></th></tr>";
  for (const TracedRun &run : r.runs) {
    for (const auto &[stream, busy] : run.stream_busy)
      h += barRow("stream", run.label, stream + " busy", busy, run.gpu_window_ns, "#3b82f6");
    for (const auto &[pair, both] : run.pair_overlap)
      h += barRow("pair", run.label, pair + " both busy", both, run.gpu_window_ns, "#8b5cf6");
  }
  return h + "</table>";
}
// A job's ranks side by side: what each spent in collectives, and who waited for whom.
std::string ranksSection(const JobView &job, const std::vector<size_t> &shown) {
  std::string h = "<h2>Ranks</h2><p id=\"straggler\">" + htmlEscape(stragglerText(job)) + "</p>";
  for (const std::string &n : job.notes)
    h += "<p class=\"note\">" + htmlEscape(n) + "</p>";
  if (std::string more = moreRanksText(job, shown.size()); !more.empty())
    h += "<p class=\"note\" id=\"more-ranks\">" + htmlEscape(more) + "</p>";
  h += "<table id=\"ranks\"><tr><th>rank</th><th>host</th><th>collectives</th><th>"
       "communication</th><th>hidden under compute</th><th>waited for others</th><th>others "
       "waited for it</th><th>came last</th></tr>";
  for (size_t i : shown) {
    const RankRow &r = job.ranks[i];
    h += "<tr><td>" + htmlEscape(r.label) + "</td><td>" + htmlEscape(r.host) +
         "</td><td class=\"num\">" + std::to_string(r.collectives) + "</td><td class=\"num\">" +
         ms(r.comm_ns) + "</td><td class=\"num\">" +
         pct(r.comm_ns
                 ? 100.0 * static_cast<double>(r.comm_hidden_ns) / static_cast<double>(r.comm_ns)
                 : 0.0) +
         "</td><td class=\"num\">" + ms(r.waited_ns) + "</td><td class=\"num\">" + ms(r.caused_ns) +
         "</td><td class=\"num\">" + std::to_string(r.last) + "</td></tr>";
  }
  h += "</table><table id=\"late-causes\"><tr><th>rank</th><th>came late after</th><th>times"
       "</th><th>others waited</th></tr>";
  for (const LateCause &c : job.causes)
    h += "<tr><td>" + htmlEscape(c.rank) + "</td><td>" + htmlEscape(lateCauseText(c)) +
         "</td><td class=\"num\">" + std::to_string(c.count) + "</td><td class=\"num\">" +
         ms(c.caused_ns) + "</td></tr>";
  return h + "</table>";
}
// Every process of a job of several: its role, its GPU work, its stalls.
std::string processesSection(const Report &r, size_t top) {
  if (r.runs.size() < 2)
    return "";
  std::string h = "<h2>Processes</h2><p id=\"roles\">" + htmlEscape(rolesText(r)) + "</p>";
  std::vector<const ProcessRow *> shown = shownProcesses(r, top);
  if (std::string more = moreProcessesText(r, shown.size()); !more.empty())
    h += "<p class=\"note\">" + htmlEscape(more) + "</p>";
  h += "<table id=\"processes\"><tr>";
  for (const std::string &c : processColumns())
    h += "<th>" + htmlEscape(c) + "</th>";
  h += "</tr>";
  for (const ProcessRow *p : shown) {
    h += "<tr>";
    for (const std::string &cell : processCells(r, *p))
      h += "<td>" + htmlEscape(cell) + "</td>";
    h += "</tr>";
  }
  return h + "</table>";
}
// The timelines the tracer wrote, to open in ui.perfetto.dev.
std::string timelinesSection(const Report &r) {
  std::vector<std::vector<std::string>> rows = timelineRows(r);
  if (rows.empty())
    return "";
  std::string h = "<h2>Timelines</h2><p class=\"note\">" + htmlEscape(TimelinesNote) +
                  "</p><table id=\"timelines\"><tr>";
  for (const std::string &c : timelineColumns())
    h += "<th>" + c + "</th>";
  h += "</tr>";
  for (const auto &row : rows) {
    h += "<tr>";
    for (size_t i = 0; i < row.size(); ++i)
      h += i + 1 == row.size() ? "<td><code>" + htmlEscape(row[i]) + "</code></td>"
                               : "<td>" + htmlEscape(row[i]) + "</td>";
    h += "</tr>";
  }
  return h + "</table>";
}
} // namespace

std::string reportHtml(const Report &r, size_t top) {
  const Headline &h = r.headline;
  std::string out =
      "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>hostsync "
      "report</title><style>" +
      std::string(kStyle) + "</style></head><body>";
  out += "<h1>hostsync report</h1>";
  // The first thing to know: what bounds the job, and whether syncs matter. The bound in
  // bold ("Launch-bound:"), then the numbers.
  if (r.has_trace) {
    std::string text = verdictText(r.verdict);
    size_t colon = text.find(": ");
    out += "<div id=\"verdict\" class=\"verdict " + std::string(boundId(r.verdict.bound)) +
           "\"><p id=\"verdict-text\"><strong>" + htmlEscape(text.substr(0, colon + 1)) +
           "</strong>" + htmlEscape(text.substr(colon + 1)) + "</p>" + verdictBar(r.verdict) +
           "</div>";
  }
  out += "<p class=\"sub\">" + htmlEscape(findingCount(r)) + ", " + std::to_string(r.runs.size()) +
         " traced process(es)</p>";
  for (const std::string &w : r.warnings)
    out += "<p class=\"warn\"><b>warning:</b> " + htmlEscape(w) + "</p>";
  if (r.has_trace) {
    out += "<div class=\"cards\">" + card("gpu-busy", pct(h.gpu_busy_pct), "GPU busy") +
           card("lost-to-sync", pct(h.lost_to_sync_pct),
                "of GPU time idle after syncs (" + ms(h.bubble_ns) + ")", h.lost_to_sync_pct > 5) +
           card("host-stall", ms(h.stall_ns), "host blocked in syncs") +
           card("overlap", pct(h.multi_stream_pct), "of GPU time with 2+ streams busy") +
           card("copy-overlap", pct(h.copy_overlap_pct), "of copy time under compute") + "</div>";
    std::vector<size_t> topSites = sitesIn(r, SiteList::Fix, top), measured, missed;
    for (size_t i = 0; i < r.sites.size(); ++i)
      (r.sites[i].finding >= 0 ? measured : missed).push_back(i);
    if (std::string phases = phasesText(r.verdict); !phases.empty())
      out += "<p class=\"note\" id=\"phases\">" + htmlEscape(phases) + "</p>";
    if (std::string sampled = samplingText(h.sampling); !sampled.empty())
      out += "<p class=\"note\" id=\"sampling\">" + htmlEscape(sampled) + "</p>";
    out += "<h2 id=\"sites-title\">" + htmlEscape(syncTableTitle(r.verdict)) + "</h2>";
    if (r.verdict.syncs_minor)
      out += "<p class=\"note\" id=\"syncs-minor\">Syncs are not what bounds this job (the "
             "verdict above): fixing them is worth doing where they are cheap to fix, but it "
             "will not make this job much faster.</p>";
    out += "<p class=\"note\">Sorted by the GPU idle each site caused, then host wait. A "
           "saving is an upper bound: fixing a site saves at most the idle charged to it.</p>" +
           siteTable("top-sites", topSites, r, true);
    if (std::vector<size_t> quiet = sitesIn(r, SiteList::NoWait, top); !quiet.empty())
      out += "<h2 id=\"no-wait-title\">" + std::string(NoWaitTitle) + "</h2><p class=\"note\">" +
             NoWaitNote + "</p>" + siteTable("no-wait", quiet, r, true);
    if (std::vector<size_t> once = sitesIn(r, SiteList::OneTime, top); !once.empty())
      out += "<h2 id=\"one-time-title\">" + std::string(OneTimeTitle) + "</h2><p class=\"note\">" +
             OneTimeNote + "</p>" + siteTable("one-time", once, r);
    if (r.job.present()) {
      std::vector<size_t> shown = shownRanks(r.job, top);
      out += ranksSection(r.job, shown) + ranksSvg(r, shown);
    }
    out += processesSection(r, top);
    out += "<h2>A representative step</h2>" + timelineSvg(r) + timelinesSection(r);
    out += "<h2>GPU streams</h2>" + streamBars(r);
    out += "<h2>Findings with measured cost (" + std::to_string(measured.size()) + ")</h2>" +
           siteTable("measured", measured, r);
    out += "<h2>Missed statically (" + std::to_string(missed.size()) + ")</h2>" +
           siteTable("missed", missed, r);
    out += "<h2>Cold in this run (" + std::to_string(r.cold_findings.size()) +
           ")</h2><p class=\"note\">Static findings that no traced stall reached.</p><table "
           "id=\"cold\"><tr><th>where</th><th>rule</th><th>rank</th><th>message</th></tr>";
    for (int i : r.cold_findings)
      out += findingRow(r.findings[i]);
    out += "</table>";
  } else {
    out += "<h2>Static findings, hot first</h2><table id=\"static\"><tr><th>where</th><th>rule"
           "</th><th>rank</th><th>message</th></tr>";
    for (const StaticFinding &f : r.findings)
      if (!f.suppressed)
        out += findingRow(f);
    out += "</table>";
  }
  if (r.has_baseline)
    out += "<p id=\"new-findings\">" + std::to_string(r.new_findings) +
           " findings are new since the baseline.</p>";
  return out + "</body></html>\n";
}

} // namespace hostsync::report
