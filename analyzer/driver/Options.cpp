#include "driver/Options.h"

#include "core/Glob.h"

#include <cstdlib>

namespace hostsync {

const char *usageText() {
  return R"(USAGE: hostsync-lint [options] <file or directory>... [-- <compile flags>]

Finds host-device synchronizations in LibTorch C++ code.

Inputs:
  <file>                 a C++ or CUDA source or header; a directory is searched
                         recursively for .cpp .cc .cxx .c++ .C .cu files (.cu and .cuh
                         are parsed as CUDA host code)
  -p <build dir>         read compile_commands.json from <build dir>; with no inputs,
                         analyse every file it lists (g++, clang and nvcc commands)
  -- <flags>             compile flags for every input (no compile database)
  --extra-arg=<flag>     append a flag to every compile command
  --extra-arg-before=<f> prepend a flag to every compile command
  --remove-arg=<glob>    drop the flags that match from every compile command
  --torch-include=<dir>  LibTorch's include directory (default: found automatically:
                         Torch_DIR, CMAKE_PREFIX_PATH, python3's torch, CONDA_PREFIX,
                         /opt/libtorch, /usr/local, /usr/include)
  --no-infer-includes    without -p, do not add the include roots found in the tree

Rules:
  --checks=<globs>       comma-separated globs of rule ids, '-' to disable
                         (default: hostsync-*)
  --list-rules           print the rule catalog (text, or JSON with --format=json)
  --assume-device=<d>    where tensors of unknown device live: unknown (default,
                         reported as 'possible'), cuda, or cpu (not reported)

Output:
  --format=<text|json|github|sarif|codequality>
                         output format (default: text); github: workflow annotations;
                         sarif: SARIF 2.1.0 for code scanning; codequality: GitLab
                         Code Quality JSON
  --source-root=<dir>    SARIF and baseline paths are relative to it (default: the
                         current directory)
  --baseline=<file>      findings it holds (same rule, file and code line) are known:
                         left out of text/github output, marked in JSON/SARIF, and do
                         not make the exit code 1
  --write-baseline=<file>
                         write today's findings as a baseline

Configuration:
  .hostsync.yaml         found by walking up from each source file (like .clang-tidy):
                         Checks, Severity, Exclude, AssumeDevice, MinRank; options
                         given on the command line win
  --config=<file>        use this file for every source instead
  --dump-config          print the configuration that applies to the first input

Fixes:
  --fix                  apply the exact rewrites (where a rule has one) in place
  --fix-notes            also apply the rewrites that are equivalent only under the
                         condition their note states (implies --fix; with
                         --export-fixes, exports them too)
  --export-fixes=<file>  write them as clang-tidy replacement YAML, for
                         clang-apply-replacements
  -o, --output=<file>    write findings to <file> instead of stdout
  --min-severity=<s>     note, warning (default) or error: the lowest severity that
                         makes the exit code 1
  --color=<auto|always|never>
  -j <n>                 translation units analysed in parallel (default: cores)
  -q, --quiet            no progress or summary on stderr
  --strict               exit 3 also when a file was analysed with gaps (headers
                         not found, compiler errors)
  --version, --help

Exit codes: 0 no findings at or above --min-severity, 1 findings, 2 usage or input
error, 3 a file could not be analysed at all, or a NOLINT marker is unmatched (with
--strict: also a file analysed with gaps). Files analysed with gaps keep their findings.
)";
}

namespace {
bool takeValue(const std::string &Arg, const char *Long, int &I, int Argc,
               const char **Argv, std::string &Value, std::string &Error) {
  std::string Prefix = std::string(Long) + "=";
  if (Arg.rfind(Prefix, 0) == 0) {
    Value = Arg.substr(Prefix.size());
    return true;
  }
  if (Arg == Long) {
    if (I + 1 >= Argc) {
      Error = std::string("option ") + Long + " needs a value";
      return true;
    }
    Value = Argv[++I];
    return true;
  }
  return false;
}
} // namespace

std::string parseOptions(int Argc, const char **Argv, Options &Out) {
  std::string Error, V;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "--") {
      Out.HaveFixedFlags = true;
      for (++I; I < Argc; ++I)
        Out.FixedFlags.push_back(Argv[I]);
      break;
    }
    if (A == "-h" || A == "--help") {
      Out.ShowHelp = true;
    } else if (A == "--version") {
      Out.ShowVersion = true;
    } else if (A == "--list-rules") {
      Out.ListRules = true;
    } else if (A == "-q" || A == "--quiet") {
      Out.Quiet = true;
    } else if (takeValue(A, "-p", I, Argc, Argv, V, Error)) {
      Out.BuildPath = V;
    } else if (A.rfind("-p", 0) == 0 && A.size() > 2 && A[2] != '-') {
      Out.BuildPath = A.substr(2);
    } else if (takeValue(A, "--extra-arg", I, Argc, Argv, V, Error)) {
      Out.ExtraArgs.push_back(V);
    } else if (takeValue(A, "--extra-arg-before", I, Argc, Argv, V, Error)) {
      Out.ExtraArgsBefore.push_back(V);
    } else if (takeValue(A, "--remove-arg", I, Argc, Argv, V, Error)) {
      Out.RemoveArgs.push_back(V);
    } else if (A == "--no-infer-includes") {
      Out.NoInferIncludes = true;
    } else if (A == "--strict") {
      Out.Strict = true;
    } else if (takeValue(A, "--torch-include", I, Argc, Argv, V, Error)) {
      Out.TorchInclude = V;
    } else if (takeValue(A, "--checks", I, Argc, Argv, V, Error)) {
      Out.Checks = V;
      Out.ChecksGiven = true;
    } else if (takeValue(A, "--format", I, Argc, Argv, V, Error)) {
      if (V == "text")
        Out.Format = OutputFormat::Text;
      else if (V == "json")
        Out.Format = OutputFormat::Json;
      else if (V == "github")
        Out.Format = OutputFormat::Github;
      else if (V == "sarif")
        Out.Format = OutputFormat::Sarif;
      else if (V == "codequality")
        Out.Format = OutputFormat::CodeQuality;
      else if (Error.empty())
        Error = "unknown --format '" + V + "' (expected text, json, github, sarif or codequality)";
    } else if (takeValue(A, "--source-root", I, Argc, Argv, V, Error)) {
      Out.SourceRoot = V;
    } else if (takeValue(A, "--baseline", I, Argc, Argv, V, Error)) {
      Out.Baseline = V;
    } else if (takeValue(A, "--write-baseline", I, Argc, Argv, V, Error)) {
      Out.WriteBaseline = V;
    } else if (takeValue(A, "--config", I, Argc, Argv, V, Error)) {
      Out.ConfigFile = V;
    } else if (A == "--dump-config") {
      Out.DumpConfig = true;
    } else if (A == "--fix") {
      Out.Fix = true;
    } else if (A == "--fix-notes") {
      Out.Fix = Out.FixNotes = true;
    } else if (takeValue(A, "--export-fixes", I, Argc, Argv, V, Error)) {
      Out.ExportFixes = V;
    } else if (takeValue(A, "--output", I, Argc, Argv, V, Error) ||
               takeValue(A, "-o", I, Argc, Argv, V, Error)) {
      Out.OutputFile = V;
    } else if (takeValue(A, "--min-severity", I, Argc, Argv, V, Error)) {
      if (!parseSeverity(V, Out.MinSeverity) && Error.empty())
        Error = "unknown --min-severity '" + V + "' (expected note, warning or error)";
    } else if (takeValue(A, "--assume-device", I, Argc, Argv, V, Error)) {
      Out.AssumeGiven = true;
      if (!parseAssumeDevice(V, Out.Assume) && Error.empty())
        Error = "unknown --assume-device '" + V + "' (expected unknown, cuda or cpu)";
    } else if (takeValue(A, "--color", I, Argc, Argv, V, Error)) {
      if (V == "auto")
        Out.Color = ColorMode::Auto;
      else if (V == "always")
        Out.Color = ColorMode::Always;
      else if (V == "never")
        Out.Color = ColorMode::Never;
      else if (Error.empty())
        Error = "unknown --color '" + V + "' (expected auto, always or never)";
    } else if (takeValue(A, "-j", I, Argc, Argv, V, Error) ||
               (A.rfind("-j", 0) == 0 && A.size() > 2 && (V = A.substr(2), true))) {
      char *End = nullptr;
      long N = std::strtol(V.c_str(), &End, 10);
      if ((End == V.c_str() || *End != '\0' || N < 1 || N > 1024) && Error.empty())
        Error = "-j needs a number from 1 to 1024, not '" + V + "'";
      else
        Out.Jobs = static_cast<unsigned>(N);
    } else if (A.size() > 1 && A[0] == '-') {
      if (Error.empty())
        Error = "unknown option '" + A + "' (see --help)";
    } else {
      Out.Inputs.push_back(A);
    }
    if (!Error.empty())
      return Error;
  }
  return Error;
}

namespace {
std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(" \t"), E = S.find_last_not_of(" \t");
  return B == std::string::npos ? "" : S.substr(B, E - B + 1);
}
} // namespace

std::string selectRules(const std::string &Globs, const Catalog &C,
                        std::vector<std::string> &Enabled) {
  std::vector<bool> On(C.rules().size(), false);
  size_t Start = 0;
  while (Start <= Globs.size()) {
    size_t Comma = Globs.find(',', Start);
    std::string G = trim(Globs.substr(Start, Comma == std::string::npos ? std::string::npos
                                                                        : Comma - Start));
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
