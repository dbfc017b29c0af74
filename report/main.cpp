// hostsync-report: joins hostsync-lint's findings with hostsync-trace's measured stalls.
//   hostsync-report [--lint FINDINGS.json|.sarif] [--trace DIR|FILE]... [-o DIR] [options]
// Exit codes: 0 written, 1 a --fail-if gate tripped, 2 bad usage, a bad input or an output
// that cannot be written, 3 an internal error (a bug), 4 written with some trace files
// skipped (one warning line each).
#include "gates/Gates.h"
#include "input/InputPaths.h"
#include "input/LintFindings.h"
#include "input/TraceRuns.h"
#include "common/Utf8.h"
#include "io/AtomicFile.h"
#include "join/Join.h"
#include "join/Processes.h"
#include "join/Ranks.h"
#include "output/OutputDir.h"
#include "render/Html.h"
#include "render/Markdown.h"
#include "render/ReportJson.h"
#include "verdict/Verdict.h"

#include <CLI/CLI.hpp>

#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace hostsync::report;

namespace {
// CLI11 would write "Usage: hostsync-report [OPTIONS]"; the synopsis says what is joined.
struct Help : CLI::Formatter {
  std::string make_usage(const CLI::App *, std::string) const override {
    return "usage: hostsync-report [--lint FILE] [--trace DIR|FILE]... [-o DIR] [options]\n";
  }
};

int fail(const std::string &message) {
  std::fprintf(stderr, "hostsync-report: error: %s\n", message.c_str());
  return 2;
}

// --steps, --top. Read by hand: CLI11's long takes "-1", and its errors name the type
// ("Could not convert: --top = x"), where the report's say what the option needs.
void addCount(CLI::App &app, const std::string &name, long &into, const char *help) {
  auto read = [name, &into](const std::string &v) {
    char *end = nullptr;
    into = std::strtol(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || into < 0)
      throw CLI::ValidationError(name + " needs a whole number, got '" + v + "'");
  };
  app.add_option_function<std::string>(name, read, help)->option_text("N");
}

void printWarnings(const std::vector<std::string> &warnings) {
  for (const std::string &w : warnings)
    std::fprintf(stderr, "hostsync-report: warning: %s\n", w.c_str());
}

std::string currentDir() {
  char buf[PATH_MAX];
  return getcwd(buf, sizeof buf) ? buf : ".";
}
} // namespace

static int run(int argc, char **argv) {
  std::string lint, out = "hostsync-report", root, baseline;
  std::vector<std::string> traces, gateTexts;
  hostsync::trace::SymbolizeOptions symbolize;
  long top = 10, steps = 0;
  bool quiet = false;

  CLI::App app;
  app.formatter(std::make_shared<Help>());
  app.get_formatter()->column_width(23);
  // As before CLI11: an option given twice keeps its last value (CLI11's default is an error;
  // for a list, "last" is all of them), and a repeatable one takes one value each time:
  // `--trace a b` is an unexpected 'b', not two traces.
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  auto option = [&app](const char *name, auto &into, const char *text, const char *help) {
    app.add_option(name, into, help)->option_text(text)->allow_extra_args(false);
  };
  option("--lint", lint, "FILE", "hostsync-lint results: findings JSON or SARIF 2.1.0");
  option("--trace", traces, "DIR|FILE",
         "trace-*.json[.gz] from hostsync-trace (repeatable: processes, ranks)");
  option("-o,--output", out, "DIR",
         "where report.html, report.md, report.json go (default:\nhostsync-report)");
  option("--source-root", root, "DIR", "paths under it are shown relative to it (default: .)");
  option("--search", symbolize.search_dirs, "DIR",
         "where to find traced binaries copied from elsewhere, for\n"
         "symbolizing stacks (repeatable)");
  addCount(app, "--steps", steps, "the traced run's training steps: adds per-step costs");
  option("--baseline", baseline, "FILE", "earlier lint results: findings not in them are 'new'");
  option("--fail-if", gateTexts, "'EXPR'",
         "exit 1 when it holds, e.g. 'lost_to_sync > 5%', 'new_findings > 0'\n"
         "(metrics: lost_to_sync, stall, gpu_busy [%]; findings,\n"
         "hot_findings, new_findings, missed_statically, cold_findings;\n"
         "comparisons joined by and, or: see docs/report.md)");
  addCount(app, "--top", top, "sites in the 'fix first' table (default 10)");
  app.add_flag("-q,--quiet", quiet, "print only errors and tripped gates");
  app.set_help_flag("-h,--help", "print this help and exit"); // re-added: last in the list
  app.allow_extras(); // reported below by name, not as CLI11's "not expected" list
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &) {
    std::fputs(app.help().c_str(), stdout);
    return 0;
  } catch (const CLI::ArgumentMismatch &e) {
    // "--lint: 1 required TEXT missing", the one mismatch options of one value can have.
    const std::string what = e.what();
    return fail("option '" + what.substr(0, what.find(':')) + "' needs a value");
  } catch (const CLI::ParseError &e) {
    return fail(e.what());
  }
  if (!app.remaining().empty()) {
    const std::string a = app.remaining().front();
    return fail((a.rfind("-", 0) == 0 ? "unknown option '" : "unexpected argument '") + a +
                "' (see --help)");
  }
  if (lint.empty() && traces.empty())
    return fail("nothing to report: give --lint FILE, --trace DIR, or both");
  std::vector<Gate> gates;
  for (const std::string &t : gateTexts) {
    Gate g;
    std::string error;
    if (!parseGate(t, g, error))
      return fail(error);
    if (g.uses("new_findings") && baseline.empty())
      return fail("--fail-if '" + g.text + "' needs --baseline FILE");
    gates.push_back(g);
  }

  // Every path before any work: a wrong one costs one line, not a symbolized trace.
  std::string error;
  std::vector<std::string> traceFiles, skipped, warnings;
  if (!lint.empty() && !checkInputFile(lint, "--lint", error))
    return fail(error);
  if (!baseline.empty() && !checkInputFile(baseline, "--baseline", error))
    return fail(error);
  bool listed = traces.empty() || listTraceFiles(traces, traceFiles, skipped, error);
  printWarnings(skipped);
  if (!listed)
    return fail(error);
  std::vector<std::pair<std::string, std::string>> inputs = {{lint, "--lint"},
                                                             {baseline, "--baseline"}};
  for (const std::string &f : traceFiles)
    inputs.push_back({f, "--trace"});
  if (!checkOutputDir(out, {"report.json", "report.md", "report.html"}, inputs, error))
    return fail(error);

  // Then their content, the small files first: a bad baseline is said before traces are
  // symbolized.
  Report report, old;
  report.steps = steps;
  if (!lint.empty() && !loadLintResults(lint, report, error))
    return fail(error);
  if (!baseline.empty() && !loadLintResults(baseline, old, error))
    return fail(error);
  if (!traceFiles.empty() && !loadTraceRuns(traceFiles, symbolize, report, warnings, error))
    return fail(error);
  printWarnings(warnings);
  JoinOptions options;
  options.source_root = root.empty() ? currentDir() : root;
  joinReport(report, options);
  lineUpRanks(report);
  listProcesses(report);
  report.verdict = judgeVerdict(report.runs, intendedSyncs(report));
  printWarnings(report.warnings);
  if (!baseline.empty()) {
    report.has_baseline = true;
    report.new_findings = countNewFindings(report, old.findings, options);
  }

  if (!makeOutputDir(out, error))
    return fail(error);
  const std::pair<const char *, std::string> files[] = {
      {"report.json", reportJson(report)},
      {"report.md", reportMarkdown(report, static_cast<size_t>(top))},
      {"report.html", reportHtml(report, static_cast<size_t>(top))}};
  for (const auto &[name, content] : files)
    if (!hostsync::trace::writeFileAtomically(out + "/" + name, content, error))
      return fail(out + "/" + name + ": cannot write it: " + error);
  if (!quiet) {
    const Headline &h = report.headline;
    if (report.has_trace)
      std::fprintf(stderr,
                   "hostsync-report: GPU busy %.1f%%, %.1f%% of GPU time idle after syncs; "
                   "%zu sites measured, %zu static findings\n",
                   h.gpu_busy_pct, h.lost_to_sync_pct, report.sites.size(), report.findings.size());
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
  // Written, with some trace files skipped (each named in a warning line): 4, unless a gate
  // tripped, whose 1 is what a CI job acts on.
  if (status == 0 && !report.skipped_inputs.empty())
    status = 4;
  return status;
}

// An exception that reaches here is a bug of the report, not of its inputs (those are
// checked and said as input errors): one line and exit 3, never an abort.
int main(int argc, char **argv) {
  // Under a file-size limit (ulimit -f) a write that passes it fails with EFBIG and is
  // reported as any write error (exit 2, the earlier file kept), instead of SIGXFSZ killing
  // the tool.
  signal(SIGXFSZ, SIG_IGN);
  // SIGINT/SIGTERM while a file is written remove its temporary file (io/AtomicFile.h).
  hostsync::trace::removeTemporaryFilesOnSignal();
  try {
    return run(argc, argv);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "hostsync-report: internal error: %s (please report it)\n",
                 hostsync::text::validUtf8(e.what()).c_str());
  } catch (...) {
    std::fprintf(stderr, "hostsync-report: internal error: an unknown exception (please "
                         "report it)\n");
  }
  return 3;
}
