#include "render/Markdown.h"

#include "join/Processes.h"
#include "render/Format.h"
#include "render/MarkdownText.h"
#include "render/VerdictText.h"

#include <set>

namespace hostsync::report {

namespace {
// One line per rule (and language) of the sites listed: the catalog's fix, for Python on a
// Python line. Markdown goes into pull-request comments, where the HTML's details are not.
std::string fixesSection(const Report &r, size_t top) {
  std::set<std::pair<std::string, std::string>> seen;
  std::string md;
  for (size_t i : sitesIn(r, SiteList::Fix, top)) {
    FixText fix;
    const Site &s = r.sites[i];
    if (!fixFor(s.rule, s.where.python, fix) || !seen.insert({s.rule, fix.language}).second)
      continue;
    md += "- " + markdownText(s.rule) + (fix.language == "python" ? " (Python)" : "") + ": " +
          markdownText(fix.summary) + "\n";
  }
  return md.empty() ? "" : "\n## How to fix\n\n" + md;
}
std::string ranksMarkdown(const JobView &job, size_t top) {
  std::string md = "\n## Ranks\n\n" + markdownText(stragglerText(job)) + "\n\n";
  for (const std::string &n : job.notes)
    md += "> " + markdownText(n) + "\n\n";
  std::vector<size_t> shown = shownRanks(job, top);
  if (std::string more = moreRanksText(job, shown.size()); !more.empty())
    md += markdownText(more) + "\n\n";
  md += "| rank | host | collectives | communication | waited for others | others waited for "
        "it | came last |\n|---|---|---|---|---|---|---|\n";
  for (size_t i : shown) {
    const RankRow &r = job.ranks[i];
    md += "| " + markdownText(r.label) + " | " + markdownText(r.host) + " | " +
          std::to_string(r.collectives) + " | " + ms(r.comm_ns) + " | " + ms(r.waited_ns) + " | " +
          ms(r.caused_ns) + " | " + std::to_string(r.last) + " |\n";
  }
  return md;
}
// Every process of a job of several: its role, its GPU work, its stalls.
std::string processesMarkdown(const Report &r, size_t top) {
  if (r.runs.size() < 2)
    return "";
  std::string md = "\n## Processes\n\n" + markdownText(rolesText(r)) + "\n\n";
  std::vector<const ProcessRow *> shown = shownProcesses(r, top);
  if (std::string more = moreProcessesText(r, shown.size()); !more.empty())
    md += markdownText(more) + "\n\n";
  std::string rule = "|";
  md += "|";
  for (const std::string &c : processColumns()) {
    md += " " + c + " |";
    rule += "---|";
  }
  md += "\n" + rule + "\n";
  for (const ProcessRow *p : shown) {
    md += "|";
    for (const std::string &cell : processCells(r, *p))
      md += " " + markdownText(cell) + " |";
    md += "\n";
  }
  return md;
}
std::string ruleText(const Site &s) {
  return markdownText(s.rule) + (s.op.empty() ? "" : " (" + markdownCode(s.op) + ")");
}

// The syncs that did not wait in the steady part, and the one-time ones: short tables.
std::string otherSitesMarkdown(const Report &r, size_t top) {
  std::string md;
  if (std::vector<size_t> quiet = sitesIn(r, SiteList::NoWait, top); !quiet.empty()) {
    md += "\n## " + std::string(NoWaitTitle) + "\n\n" + NoWaitNote +
          "\n\n| # | site | rule | syncs | host wait |\n|---|---|---|---|---|\n";
    for (size_t i : quiet) {
      const Site &s = r.sites[i];
      md += "| " + std::to_string(i + 1) + " | " + markdownCode(siteName(s)) + " | " + ruleText(s) +
            " | " + syncsText(s.steady()) + " | " + ms(s.steady().wait_ns) + " |\n";
    }
  }
  if (std::vector<size_t> once = sitesIn(r, SiteList::OneTime, top); !once.empty()) {
    md += "\n## " + std::string(OneTimeTitle) + "\n\n" + OneTimeNote +
          "\n\n| # | site | rule | when | syncs | host wait | GPU idle after |\n"
          "|---|---|---|---|---|---|---|\n";
    for (size_t i : once) {
      const Site &s = r.sites[i];
      md += "| " + std::to_string(i + 1) + " | " + markdownCode(siteName(s)) + " | " + ruleText(s) +
            " | " + onceText(s) + " | " + syncsText({s.count, s.waited, s.stall_ns, s.idle_ns}) +
            " | " + ms(s.stall_ns) + " | " + ms(s.idle_ns) + " |\n";
    }
  }
  return md;
}

// The timelines the tracer wrote, to open in ui.perfetto.dev.
std::string timelinesMarkdown(const Report &r) {
  std::vector<std::vector<std::string>> rows = timelineRows(r);
  if (rows.empty())
    return "";
  std::string md = "\n## Timelines\n\n" + std::string(TimelinesNote) + "\n\n|", rule = "|";
  for (const std::string &c : timelineColumns()) {
    md += " " + c + " |";
    rule += "---|";
  }
  md += "\n" + rule + "\n";
  for (const auto &row : rows) {
    md += "|";
    for (size_t i = 0; i < row.size(); ++i)
      md += " " + (i + 1 == row.size() ? markdownCode(row[i]) : markdownText(row[i])) + " |";
    md += "\n";
  }
  return md;
}
} // namespace

std::string reportMarkdown(const Report &r, size_t top) {
  const Headline &h = r.headline;
  std::string md = "# hostsync report\n\n";
  if (r.has_trace) // the first thing to know: what bounds the job, and whether syncs matter
    md += "**" + markdownText(verdictText(r.verdict)) + "**\n\n";
  for (const std::string &w : r.warnings)
    md += "> **warning:** " + markdownText(w) + "\n\n";
  if (r.has_trace) {
    md += "| GPU busy | GPU idle after syncs | host blocked in syncs | 2+ streams busy | "
          "copies under compute |\n|---|---|---|---|---|\n";
    md += "| " + pct(h.gpu_busy_pct) + " | " + ms(h.bubble_ns) + " (" + pct(h.lost_to_sync_pct) +
          " of GPU time) | " + ms(h.stall_ns) + " | " + pct(h.multi_stream_pct) + " | " +
          pct(h.copy_overlap_pct) + " |\n\n";
    if (std::string phases = phasesText(r.verdict); !phases.empty())
      md += markdownText(phases) + "\n\n";
    if (std::string sampled = samplingText(h.sampling); !sampled.empty())
      md += markdownText(sampled) + "\n\n";
    md += "## " + markdownText(syncTableTitle(r.verdict)) +
          "\n\n| # | site | rule | syncs | host wait | GPU idle after | "
          "static finding |\n|---|---|---|---|---|---|---|\n";
    for (size_t i : sitesIn(r, SiteList::Fix, top)) {
      const Site &s = r.sites[i];
      md += "| " + std::to_string(i + 1) + " | " + markdownCode(siteName(s)) + " | " + ruleText(s) +
            " | " + syncsText(s.steady()) + " | " + ms(s.steady().wait_ns) + " | " +
            ms(s.steady().idle_ns) + " | " + markdownText(matchText(s, r)) + " |\n";
    }
    md += "\nSavings are upper bounds: fixing a site saves at most the GPU idle charged to it.\n";
    md += otherSitesMarkdown(r, top);
    md += fixesSection(r, top);
    if (r.job.present())
      md += ranksMarkdown(r.job, top);
    md += processesMarkdown(r, top);
    md += timelinesMarkdown(r);
  }
  size_t measured = 0, missed = 0;
  for (const Site &s : r.sites)
    (s.finding >= 0 ? measured : missed)++;
  md += "\n" + findingCount(r);
  if (r.has_trace)
    md += "; " + std::to_string(measured) + " sites with measured cost, " + std::to_string(missed) +
          " missed statically, " + std::to_string(r.cold_findings.size()) +
          " findings cold in this run";
  if (r.has_baseline)
    md += "; " + std::to_string(r.new_findings) + " new since the baseline";
  md += ".\n";
  if (!r.has_trace && r.has_lint) {
    md += "\n| rule | file:line | rank | op |\n|---|---|---|---|\n";
    for (size_t i = 0; i < r.findings.size() && i < top; ++i) {
      const StaticFinding &f = r.findings[i];
      md += "| " + markdownText(f.rule) + " | " +
            markdownCode(f.file + ":" + std::to_string(f.line)) + " | " + markdownText(f.rank) +
            " | " + markdownText(f.op) + " |\n";
    }
  }
  return md;
}

} // namespace hostsync::report
