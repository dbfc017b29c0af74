// hostsync-report: joins hostsync-lint's findings with hostsync-trace's measured stalls.
//   hostsync-report [--lint FINDINGS.json|.sarif] [--trace DIR|FILE]... [-o DIR] [options]
// Exit codes: 0 written, 1 a --fail-if gate tripped, 2 bad usage or an unreadable input.
#include "gates/Gates.h"
#include "input/LintFindings.h"
#include "input/RuleCatalog.h"
#include "input/TraceRuns.h"
#include "io/TraceJson.h"
#include "join/Join.h"
#include "render/Html.h"
#include "render/Markdown.h"
#include "render/ReportJson.h"

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace hostsync::report;

namespace {
const char *kUsage =
    "usage: hostsync-report [--lint FILE] [--trace DIR|FILE]... [-o DIR] [options]\n"
    "  --lint FILE          hostsync-lint results: findings JSON or SARIF 2.1.0\n"
    "  --trace DIR|FILE     trace-*.json[.gz] from hostsync-trace (repeatable: processes, ranks)\n"
    "  -o, --output DIR     where report.html, report.md, report.json go (default:\n"
    "                       hostsync-report)\n"
    "  --source-root DIR    paths under it are shown relative to it (default: .)\n"
    "  --search DIR         where to find traced binaries copied from elsewhere, for\n"
    "                       symbolizing stacks (repeatable)\n"
    "  --steps N            the traced run's training steps: adds per-step costs\n"
    "  --baseline FILE      earlier lint results: findings not in them are 'new'\n"
    "  --fail-if 'EXPR'     exit 1 when it holds, e.g. 'lost_to_sync > 5%', 'new_findings > 0'\n"
    "                       (metrics: lost_to_sync, stall, gpu_busy [%]; findings,\n"
    "                       hot_findings, new_findings, missed_statically, cold_findings)\n"
    "  --top N              sites in the 'fix first' table (default 10)\n"
    "  -q, --quiet          print only errors and tripped gates\n";

int fail(const std::string &message) {
  std::fprintf(stderr, "hostsync-report: error: %s\n", message.c_str());
  return 2;
}

bool wholeNumber(const std::string &s, long &out) {
  char *end = nullptr;
  out = std::strtol(s.c_str(), &end, 10);
  return !s.empty() && end && *end == '\0' && out >= 0;
}

std::string currentDir() {
  char buf[PATH_MAX];
  return getcwd(buf, sizeof buf) ? buf : ".";
}
} // namespace

int main(int argc, char **argv) {
  std::string lint, out = "hostsync-report", root, baseline;
  std::vector<std::string> traces, gateTexts;
  hostsync::trace::SymbolizeOptions symbolize;
  long top = 10, steps = 0;
  bool quiet = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](std::string &into) {
      if (i + 1 >= argc)
        return false;
      into = argv[++i];
      return true;
    };
    std::string v;
    if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (a == "-q" || a == "--quiet") {
      quiet = true;
    } else if (a == "--lint" && value(lint)) {
    } else if (a == "--trace" && value(v)) {
      traces.push_back(v);
    } else if ((a == "-o" || a == "--output") && value(out)) {
    } else if (a == "--source-root" && value(root)) {
    } else if (a == "--search" && value(v)) {
      symbolize.search_dirs.push_back(v);
    } else if (a == "--baseline" && value(baseline)) {
    } else if (a == "--fail-if" && value(v)) {
      gateTexts.push_back(v);
    } else if ((a == "--steps" || a == "--top") && value(v)) {
      if (!wholeNumber(v, a == "--steps" ? steps : top))
        return fail(a + " needs a whole number, got '" + v + "'");
    } else {
      return fail(a.rfind("-", 0) == 0 && (i + 1 < argc || a.find('=') != std::string::npos)
                      ? "unknown option '" + a + "' (see --help)"
                      : a.rfind("-", 0) == 0 ? "option '" + a + "' needs a value"
                                             : "unexpected argument '" + a + "' (see --help)");
    }
  }
  if (lint.empty() && traces.empty())
    return fail("nothing to report: give --lint FILE, --trace DIR, or both");
  std::vector<Gate> gates;
  for (const std::string &t : gateTexts) {
    Gate g;
    std::string error;
    if (!parseGate(t, g, error))
      return fail(error);
    if (g.metric == "new_findings" && baseline.empty())
      return fail("--fail-if '" + t + "' needs --baseline FILE");
    gates.push_back(g);
  }

  Report report;
  report.rules = embeddedRuleCatalog();
  report.steps = steps;
  std::string error;
  if (!lint.empty() && !loadLintResults(lint, report, error))
    return fail(error);
  std::vector<std::string> warnings;
  if (!traces.empty() && !loadTraceRuns(traces, symbolize, report, warnings, error))
    return fail(error);
  for (const std::string &w : warnings)
    std::fprintf(stderr, "hostsync-report: warning: %s\n", w.c_str());
  JoinOptions options;
  options.source_root = root.empty() ? currentDir() : root;
  joinReport(report, options);
  if (!baseline.empty()) {
    Report old;
    if (!loadLintResults(baseline, old, error))
      return fail(error);
    report.has_baseline = true;
    report.new_findings = countNewFindings(report, old.findings, options);
  }

  mkdir(out.c_str(), 0755);
  const std::pair<const char *, std::string> files[] = {
      {"report.json", reportJson(report)},
      {"report.md", reportMarkdown(report, static_cast<size_t>(top))},
      {"report.html", reportHtml(report, static_cast<size_t>(top))}};
  for (const auto &[name, content] : files)
    if (!hostsync::trace::writeFileAtomically(out + "/" + name, content))
      return fail(out + "/" + name + ": cannot write it");
  if (!quiet) {
    const Headline &h = report.headline;
    if (report.has_trace)
      std::fprintf(stderr,
                   "hostsync-report: GPU busy %.1f%%, %.1f%% of GPU time idle after syncs; "
                   "%zu sites measured, %zu static findings\n",
                   h.gpu_busy_pct, h.lost_to_sync_pct, report.sites.size(),
                   report.findings.size());
    std::printf("%s/report.html\n", out.c_str());
  }
  int status = 0;
  for (const Gate &g : gates) {
    std::string why = evaluateGate(g, report);
    if (!why.empty()) {
      std::fprintf(stderr, "hostsync-report: %s\n", why.c_str());
      status = 1;
    }
  }
  return status;
}
