// The steps of a hostsync-lint run that need no compiler, shared by its two programs:
// hostsync-lint (no LLVM: Python runs) and hostsync-lint-clang (every run). Around the
// analysis, which each program does its own way: before it, the outputs opened and the
// plan's notes; after it, what follows the project pass, the outputs written and the
// summary with the exit code. Identical steps make identical output whichever program ran.
#pragma once

#include "ci/AfterProjectPass.h"
#include "ci/Baseline.h"
#include "config/Config.h"
#include "driver/Options.h"
#include "driver/PlanFiles.h"
#include "model/TUResult.h"
#include "rules/Catalog.h"
#include "support/OutputFile.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hostsync {

// docs/exit-codes.md. InternalError: an exception no part of the run caught (a bug), said in
// one line instead of an abort.
enum ExitCode { Clean = 0, HaveFindings = 1, UsageError = 2, ParseFailure = 3, InternalError = 4 };

// "hostsync-lint: error: <Message>" on the standard error; UsageError.
int usageError(const std::string &Message);

// A program's main: Lint's exit code. Whatever escapes it is one line and InternalError,
// never an abort (a file whose analysis throws is a failed file before that). A write past
// a file-size limit (ulimit -f) fails with EFBIG, reported as any write error, instead of
// SIGXFSZ killing the tool.
int runGuarded(const std::function<int()> &Lint);

// Reads the command line (Version: --version's line) and does what needs no file:
// --help, --version, --list-rules, --dump-config. Returns the exit code when the run ends
// there (a usage error included), nothing when it goes on with Opts and Configs.
std::optional<int> startRun(int Argc, const char **Argv, const std::string &Version, Options &Opts,
                            ConfigFinder &Configs);

// The files the run writes besides the findings: -o, --write-baseline, --export-fixes.
struct RunOutputs {
  std::unique_ptr<OutputFile> Findings, Baseline, Fixes;
};

// Reads the baseline and opens every output before the (long) analysis, so that a bad path
// fails in a second; never writes over one of the run's inputs. "" or the error.
std::string openRunOutputs(const Options &Opts, const FilePlan &P, Baseline &Accepted,
                           RunOutputs &Out);
// The plan's lines for the user, unless --quiet.
void printPlanInfo(const Options &Opts, const FilePlan &P);

// The analysed files and the findings of the project pass over them.
struct Analysed {
  std::vector<TUResult> Results;
  std::vector<Finding> Findings;
  double AnalysisSeconds = 0, ProjectPassSeconds = 0;
};

// A shard's facts for `hostsync-lint merge` (ci/ShardFacts), in JSON; false with the error.
using ShardFactsJson = std::function<bool(const ConfigLookup &, const AfterProjectPass &,
                                          nlohmann::ordered_json &, std::string &Error)>;

// After the analysis: SARIF's links, what follows the project pass (devices, --diff, the
// baseline, each file's config), --write-baseline, --export-fixes and --fix, the findings
// in the format asked for, one line per file not analysed fully and the summary. Returns the
// exit code. Sharded runs pass ShardFacts.
int finishRun(const Options &Opts, const FilePlan &P, const RunSettings &S, Analysed &A,
              ConfigFinder &Configs, const Baseline &Accepted, RunOutputs &Out, const char *Argv0,
              const ShardFactsJson &ShardFacts = nullptr);

} // namespace hostsync
