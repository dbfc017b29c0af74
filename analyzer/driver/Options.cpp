#include "driver/Options.h"

#include "core/Glob.h"

#include "support/CommandLine.h"
#include "support/PlainText.h"

#include <iostream>
#include <sstream>

namespace hostsync {

namespace {

using cli::Option;
using cli::Takes;

// Every option of hostsync-lint, grouped as --help shows them.
cli::Program program(const std::string &Version) {
  const char *In = "Inputs", *Rules = "Rules", *Output = "Output", *Config = "Configuration",
             *Fixes = "Fixes and exit codes", *Speed = "Speed";
  cli::Program P;
  P.Name = "hostsync-lint";
  P.Overview = "Finds host-device synchronizations in LibTorch C++ and Python code.";
  P.Positional = "<file or directory>... [-- <compile flags>]";
  P.Version = Version;
  P.Options = {
      {"p", In, "build dir",
       "Read compile_commands.json from <build dir>; with no inputs, analyse\n"
       "every file it lists (g++, clang and nvcc commands)",
       Takes::Value},
      {"extra-arg", In, "flag", "Append a flag to every compile command", Takes::Values},
      {"extra-arg-before", In, "flag", "Prepend a flag to every compile command", Takes::Values},
      {"remove-arg", In, "glob", "Drop the flags that match from every compile command",
       Takes::Values},
      {"torch-include", In, "dir",
       "LibTorch's include directory (default: found automatically: Torch_DIR,\n"
       "CMAKE_PREFIX_PATH, python3's torch, CONDA_PREFIX, /opt/libtorch,\n"
       "/usr/local, /usr/include)",
       Takes::Value},
      {"no-infer-includes", In, "", "Without -p, do not add the include roots found in the tree"},
      {"checks", Rules, "globs", "Comma-separated globs of rule ids, '-' to disable", Takes::Value},
      {"list-rules", Rules, "", "Print the rule catalog (text, or JSON with --format=json)"},
      {"assume-device", Rules, "unknown|cuda|cpu",
       "Where tensors of unknown device live: unknown (default, reported as\n"
       "'unknown'), cuda, or cpu (not reported)",
       Takes::Value},
      {"unknown-device-severity", Rules, "rule|note|warning|error",
       "Severity of findings whose device is unknown (default: rule, the rule's own)",
       Takes::Value},
      {"report-cpu", Rules, "",
       "Also report ops on tensors the analysis places on the CPU\n"
       "(device 'cpu', as notes: they do not sync)"},
      {"format", Output, "text|json|github|sarif|codequality",
       "Output format (default: text); github: workflow annotations; sarif: SARIF\n"
       "2.1.0 for code scanning; codequality: GitLab Code Quality JSON",
       Takes::Value},
      {"output", Output, "file", "Write findings to <file> instead of stdout", Takes::Value},
      {"o", Output, "file", "", Takes::Value, "output"},
      {"source-root", Output, "dir",
       "Text, SARIF, Code Quality and baseline paths are relative to it (default:\n"
       "the current directory); github paths too (default: $GITHUB_WORKSPACE,\n"
       "else absolute)",
       Takes::Value},
      {"rule-docs-url", Output, "url",
       "SARIF: each rule's helpUri is <url>/<rule>.md, or <url> with {rule}\n"
       "replaced (default: the rule pages installed with hostsync, file://)",
       Takes::Value},
      {"information-uri", Output, "url",
       "SARIF: the tool's informationUri (default: the homepage the build was\n"
       "configured with, else none)",
       Takes::Value},
      {"baseline", Output, "file",
       "Findings it holds (same rule, file and code line) are known: left out of\n"
       "text/github output, marked in JSON/SARIF, and do not make the exit code 1",
       Takes::Value},
      {"write-baseline", Output, "file", "Write today's findings as a baseline", Takes::Value},
      {"color", Output, "auto|always|never",
       "Colours in text output (default: auto, on a terminal)", Takes::Value},
      {"quiet", Output, "", "No progress or summary on stderr"},
      {"q", Output, "", "", Takes::Nothing, "quiet"},
      {"progress", Output, "auto|bar|log|none",
       "Progress on stderr (default: auto: a bar on a terminal, log lines where the\n"
       "CI environment variable is set, else none)",
       Takes::Value},
      {"progress-interval", Output, "seconds",
       "Seconds between progress log lines (default: 5; 0: a line per file)", Takes::Value},
      {"config", Config, "file",
       "Use this file for every source instead of the .hostsync.yaml found by\n"
       "walking up from each source file (Checks, Severity, Exclude, AssumeDevice,\n"
       "MinRank; options given on the command line win)",
       Takes::Value},
      {"dump-config", Config, "", "Print the configuration that applies to the first input"},
      {"fix", Fixes, "", "Apply the exact rewrites (where a rule has one) in place"},
      {"fix-notes", Fixes, "",
       "Also apply the rewrites that are equivalent only under the condition their\n"
       "note states (implies --fix; with --export-fixes, exports them too)"},
      {"export-fixes", Fixes, "file",
       "Write the rewrites as clang-tidy replacement YAML, for\n"
       "clang-apply-replacements",
       Takes::Value},
      {"min-severity", Fixes, "note|warning|error",
       "The lowest severity that makes the exit code 1 (default: warning)", Takes::Value},
      {"strict", Fixes, "",
       "Exit 3 also when a file was analysed with gaps (headers not\n"
       "found, compiler errors)"},
      {"j", Fixes, "n", "Translation units analysed in parallel (default: cores)", Takes::Prefix},
      {"cache-dir", Speed, "dir",
       "Keep results of unchanged files and precompiled headers here (default:\n"
       "<build dir>/.hostsync-cache with -p, else ./.hostsync-cache)",
       Takes::Value},
      {"no-cache", Speed, "", "Analyse every file again; keep nothing for the next run"},
      {"shard", Speed, "i/n",
       "Analyse share i of n of the files (stable: by path under --source-root);\n"
       "join the shards' JSON or SARIF with `hostsync-lint merge`",
       Takes::Value},
      {"diff", Speed, "git ref|-",
       "Report only findings on lines changed since <git ref> (git diff -U0), or\n"
       "by the unified diff on standard input (-); with the cache, only changed\n"
       "files and the files that include them are analysed again",
       Takes::Value},
      {"no-pch", Speed, "",
       "Parse every file from source, without a precompiled header\n"
       "of the system header it begins with"},
  };
  P.Epilogue = R"(
INPUTS:
  A C++, CUDA or Python source, or a C++ header; a directory is searched recursively for
  .cpp .cc .cxx .c++ .C .cu .py files (.cu and .cuh are parsed as CUDA host code). Flags
  after `--` are the compile flags of every C++ input (no compile database).

EXAMPLES:
  hostsync-lint src/ -- -std=c++17            every source under src/, one set of flags
  hostsync-lint -p build                      every file of build/compile_commands.json
  hostsync-lint -p build --format=sarif -o hostsync.sarif src/train.cpp
  hostsync-lint train.py                      a Python training script

EXIT CODES:
  0 no findings at or above --min-severity, 1 findings, 2 usage or input error, 3 a file
  could not be analysed at all, or a NOLINT marker is unmatched (with --strict: also a file
  analysed with gaps). Files analysed with gaps keep their findings.
)";
  return P;
}

// The value of a word option (--format, --color), or an error naming the option and the
// words it takes.
template <typename T>
bool parseChoice(const cli::Parsed &Line, const char *Name,
                 std::initializer_list<std::pair<const char *, T>> Words, T &Out,
                 std::string &Error) {
  if (!Line.has(Name))
    return true;
  std::string Given = Line.last(Name), Expected;
  size_t Index = 0;
  for (const auto &[Word, Value] : Words) {
    if (Given == Word) {
      Out = Value;
      return true;
    }
    if (Index > 0)
      Expected += Index + 1 == Words.size() ? " or " : ", ";
    Expected += Word;
    ++Index;
  }
  Error = "unknown --" + std::string(Name) + " '" + Given + "' (expected " + Expected + ")";
  return false;
}

// A number of seconds, within [Min, Max] (a fraction allowed: 0.5).
bool parseSeconds(const std::string &Text, double Min, double Max, double &Out) {
  std::istringstream In(Text);
  double Value = 0;
  if (Text.empty() || !(In >> Value) || !In.eof() || Value < Min || Value > Max ||
      Text.find_first_of("+-eE ") != std::string::npos)
    return false;
  Out = Value;
  return true;
}
} // namespace

bool parseOptions(int Argc, const char **Argv, Options &Out, std::string &Error,
                  const std::string &Version) {
  Out = Options();
  // Flags after `--` are compile flags, not ours (as clang-tidy's fixed database reads them).
  std::vector<std::string> Own;
  for (int I = 1; I < Argc; ++I) {
    if (std::string(Argv[I]) == "--") {
      Out.HaveFixedFlags = true;
      Out.FixedFlags.assign(Argv + I + 1, Argv + Argc);
      break;
    }
    Own.emplace_back(Argv[I]);
  }
  cli::Parsed L;
  switch (cli::parse(program(Version), Own, L, Error, std::cout)) {
  case cli::Outcome::Printed:
    Out.Printed = true;
    return false;
  case cli::Outcome::Error:
    return false;
  case cli::Outcome::Run:
    break;
  }
  Out.Inputs = L.Positional;
  Out.BuildPath = L.last("p");
  Out.ExtraArgs = L.all("extra-arg");
  Out.ExtraArgsBefore = L.all("extra-arg-before");
  Out.RemoveArgs = L.all("remove-arg");
  Out.NoInferIncludes = L.flag("no-infer-includes");
  Out.TorchInclude = L.last("torch-include");
  Out.ChecksGiven = L.has("checks");
  if (Out.ChecksGiven)
    Out.Checks = L.last("checks");
  Out.ListRules = L.flag("list-rules");
  Out.OutputFile = L.last("output");
  Out.SourceRoot = L.last("source-root");
  Out.RuleDocsUrl = L.last("rule-docs-url");
  Out.InformationUri = L.last("information-uri");
  Out.Baseline = L.last("baseline");
  Out.WriteBaseline = L.last("write-baseline");
  Out.Quiet = L.flag("quiet");
  Out.ConfigFile = L.last("config");
  Out.DumpConfig = L.flag("dump-config");
  Out.FixNotes = L.flag("fix-notes");
  Out.Fix = L.flag("fix") || Out.FixNotes;
  Out.ExportFixes = L.last("export-fixes");
  Out.Strict = L.flag("strict");
  Out.CacheDir = L.last("cache-dir");
  Out.NoCache = L.flag("no-cache");
  Out.NoPch = L.flag("no-pch");
  Out.Diff = L.last("diff");
  using F = OutputFormat;
  if (!parseChoice<F>(L, "format",
                      {{"text", F::Text},
                       {"json", F::Json},
                       {"github", F::Github},
                       {"sarif", F::Sarif},
                       {"codequality", F::CodeQuality}},
                      Out.Format, Error) ||
      !parseChoice<ColorMode>(
          L, "color",
          {{"auto", ColorMode::Auto}, {"always", ColorMode::Always}, {"never", ColorMode::Never}},
          Out.Color, Error) ||
      !parseChoice<ProgressMode>(L, "progress",
                                 {{"auto", ProgressMode::Auto},
                                  {"bar", ProgressMode::Bar},
                                  {"log", ProgressMode::Log},
                                  {"none", ProgressMode::None}},
                                 Out.Progress, Error))
    return false;
  Out.Sharded = L.has("shard");
  if (Out.Sharded && !parseShard(L.last("shard"), Out.Share)) {
    Error = "--shard needs i/n with 1 <= i <= n <= 10000, not '" + L.last("shard") + "'";
    return false;
  }
  if (L.has("progress-interval") &&
      !parseSeconds(L.last("progress-interval"), 0.0, 86400.0, Out.ProgressInterval)) {
    Error = "--progress-interval needs a number of seconds from 0 to 86400, not '" +
            L.last("progress-interval") + "'";
    return false;
  }
  if (L.has("min-severity") && !parseSeverity(L.last("min-severity"), Out.MinSeverity)) {
    Error =
        "unknown --min-severity '" + L.last("min-severity") + "' (expected note, warning or error)";
    return false;
  }
  Out.AssumeGiven = L.has("assume-device");
  if (Out.AssumeGiven && !parseAssumeDevice(L.last("assume-device"), Out.Assume)) {
    Error =
        "unknown --assume-device '" + L.last("assume-device") + "' (expected unknown, cuda or cpu)";
    return false;
  }
  if (L.has("unknown-device-severity")) {
    std::optional<Severity> Parsed;
    if (!parseUnknownSeverity(L.last("unknown-device-severity"), Parsed)) {
      Error = "unknown --unknown-device-severity '" + L.last("unknown-device-severity") +
              "' (expected rule, note, warning or error)";
      return false;
    }
    Out.Devices.UnknownSeverity = Parsed;
  }
  if (L.has("report-cpu"))
    Out.Devices.ReportCpu = L.flag("report-cpu");
  if (L.has("j") && (!parseDecimal(L.last("j"), 1024, Out.Jobs) || Out.Jobs < 1)) {
    Error = "-j needs a number from 1 to 1024, not '" + L.last("j") + "'";
    return false;
  }
  return true;
}

std::string selectRules(const std::string &Globs, const Catalog &C,
                        std::vector<std::string> &Enabled) {
  std::vector<bool> On(C.rules().size(), false);
  size_t Start = 0;
  while (Start <= Globs.size()) {
    size_t Comma = Globs.find(',', Start);
    std::string G = trimmed(
        Globs.substr(Start, Comma == std::string::npos ? std::string::npos : Comma - Start));
    Start = Comma == std::string::npos ? Globs.size() + 1 : Comma + 1;
    if (G.empty())
      continue;
    bool Negate = G[0] == '-';
    if (Negate)
      G = G.substr(1);
    bool Any = false;
    for (size_t I = 0; I < C.rules().size(); ++I)
      if (globMatch(G.c_str(), C.rules()[I].Id.c_str())) {
        On[I] = !Negate;
        Any = true;
      }
    if (!Any && G.find('*') == std::string::npos)
      return "unknown rule id '" + G + "' in --checks (see --list-rules)";
  }
  Enabled.clear();
  for (size_t I = 0; I < C.rules().size(); ++I)
    if (On[I])
      Enabled.push_back(C.rules()[I].Id);
  return "";
}

} // namespace hostsync
