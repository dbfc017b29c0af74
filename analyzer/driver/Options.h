// hostsync-lint's command line, read without LLVM (support/CommandLine). Errors come back as
// text so that main() decides the exit code (2 for usage errors).
#pragma once

#include "rules/Catalog.h"
#include "ci/Shard.h"
#include "model/AssumeDevice.h"
#include "model/Finding.h"
#include "output/OutputFormat.h"

#include <string>
#include <vector>

namespace hostsync {

enum class ColorMode { Auto, Always, Never };
enum class ProgressMode { Auto, Bar, Log, None };

struct Options {
  std::vector<std::string> Inputs;     // files and directories
  std::string BuildPath;               // -p: directory holding compile_commands.json
  bool HaveFixedFlags = false;         // `--` was given
  std::vector<std::string> FixedFlags; // flags after `--`
  std::vector<std::string> ExtraArgs;  // --extra-arg
  std::vector<std::string> ExtraArgsBefore;
  std::vector<std::string> RemoveArgs; // --remove-arg: globs of flags to drop
  bool NoInferIncludes = false;        // --no-infer-includes
  bool Strict = false;                 // --strict: a file analysed with gaps exits 3
  std::string TorchInclude;            // --torch-include
  std::string Checks = "hostsync-*";   // --checks: globs, '-' negates
  OutputFormat Format = OutputFormat::Text;
  std::string OutputFile;     // -o / --output
  std::string SourceRoot;     // --source-root: SARIF URIs are relative to it
  std::string RuleDocsUrl;    // --rule-docs-url: SARIF helpUri base ("": config, default)
  std::string InformationUri; // --information-uri: SARIF tool informationUri
  std::string Baseline;       // --baseline: findings it holds do not fail the run
  std::string WriteBaseline;  // --write-baseline: accept today's findings
  bool Fix = false;           // --fix: apply the exact rewrites in place
  bool FixNotes = false;      // --fix-notes: also the conditional ones (implies --fix)
  std::string ConfigFile;     // --config: one .hostsync.yaml for every file
  bool DumpConfig = false;    // --dump-config
  bool ChecksGiven = false, AssumeGiven = false; // explicit options win over the config
  std::string ExportFixes;                       // --export-fixes: clang-tidy replacement YAML
  Severity MinSeverity = Severity::Warning;
  AssumeDevice Assume = AssumeDevice::Unknown;
  DevicePolicy Devices; // --unknown-device-severity, --report-cpu (when given)
  unsigned Jobs = 0;    // 0: one per core
  ColorMode Color = ColorMode::Auto;
  bool Quiet = false;
  ProgressMode Progress = ProgressMode::Auto; // --progress
  double ProgressInterval = 5;                // --progress-interval, seconds
  std::string CacheDir;                       // --cache-dir ("": next to the build)
  bool NoCache = false;                       // --no-cache
  bool NoPch = false;                         // --no-pch: every file parsed from source
  Shard Share;                                // --shard=i/n
  bool Sharded = false;                       // --shard given: the output carries merge's facts
  std::string Diff; // --diff: a git ref, or "-" for a unified diff on stdin
  bool ListRules = false;
  bool Printed = false; // --help or --version printed: exit 0
};

// Parses as clang-tidy's llvm::cl does (-opt=value and -opt value, @response-files,
// --help by group). On a usage error returns false with a one-line Error; --help and
// --version print to stdout and return false with Printed set (exit 0). Version is
// --version's line.
bool parseOptions(int Argc, const char **Argv, Options &Out, std::string &Error,
                  const std::string &Version = "");

// The rule ids that a --checks value enables, in catalog order; an error for a name
// without wildcards that is not a rule.
std::string selectRules(const std::string &Globs, const Catalog &C,
                        std::vector<std::string> &Enabled);

} // namespace hostsync
