#include "driver/Options.h"

#include "core/Glob.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace hostsync {

namespace cl = llvm::cl;

namespace {

// Every option of hostsync-lint, grouped as --help shows them. Built on the first parse,
// not at program start: LLVM registers options of its own (one of them is --color), which
// are unregistered first so that names do not clash and --help lists ours only.
struct CommandLine {
  cl::OptionCategory InputsCat{"Inputs"}, RulesCat{"Rules"}, OutputCat{"Output"},
      ConfigCat{"Configuration"}, FixesCat{"Fixes and exit codes"};

  cl::list<std::string> Inputs{cl::Positional, cl::cat(InputsCat),
                               cl::desc("<file or directory>... [-- <compile flags>]")};
  cl::opt<std::string> BuildPath{
      "p", cl::cat(InputsCat), cl::value_desc("build dir"),
      cl::desc("Read compile_commands.json from <build dir>; with no inputs, analyse\n"
               "every file it lists (g++, clang and nvcc commands)")};
  cl::list<std::string> ExtraArgs{"extra-arg", cl::cat(InputsCat), cl::value_desc("flag"),
                                  cl::desc("Append a flag to every compile command")};
  cl::list<std::string> ExtraArgsBefore{"extra-arg-before", cl::cat(InputsCat),
                                        cl::value_desc("flag"),
                                        cl::desc("Prepend a flag to every compile command")};
  cl::list<std::string> RemoveArgs{
      "remove-arg", cl::cat(InputsCat), cl::value_desc("glob"),
      cl::desc("Drop the flags that match from every compile command")};
  cl::opt<std::string> TorchInclude{
      "torch-include", cl::cat(InputsCat), cl::value_desc("dir"),
      cl::desc("LibTorch's include directory (default: found automatically: Torch_DIR,\n"
               "CMAKE_PREFIX_PATH, python3's torch, CONDA_PREFIX, /opt/libtorch,\n"
               "/usr/local, /usr/include)")};
  cl::opt<bool> NoInferIncludes{
      "no-infer-includes", cl::cat(InputsCat),
      cl::desc("Without -p, do not add the include roots found in the tree")};

  cl::opt<std::string> Checks{"checks", cl::cat(RulesCat), cl::value_desc("globs"),
                              cl::init("hostsync-*"),
                              cl::desc("Comma-separated globs of rule ids, '-' to disable")};
  cl::opt<bool> ListRules{"list-rules", cl::cat(RulesCat),
                          cl::desc("Print the rule catalog (text, or JSON with --format=json)")};
  cl::opt<std::string> Assume{
      "assume-device", cl::cat(RulesCat), cl::value_desc("unknown|cuda|cpu"),
      cl::desc("Where tensors of unknown device live: unknown (default, reported as\n"
               "'unknown'), cuda, or cpu (not reported)")};
  cl::opt<std::string> UnknownSeverity{
      "unknown-device-severity", cl::cat(RulesCat), cl::value_desc("rule|note|warning|error"),
      cl::desc("Severity of findings whose device is unknown (default: rule, the rule's own)")};
  cl::opt<bool> ReportCpu{"report-cpu", cl::cat(RulesCat),
                          cl::desc("Also report ops on tensors the analysis places on the CPU\n"
                                   "(device 'cpu', as notes: they do not sync)")};

  cl::opt<std::string> Format{
      "format", cl::cat(OutputCat), cl::value_desc("text|json|github|sarif|codequality"),
      cl::desc("Output format (default: text); github: workflow annotations; sarif: SARIF\n"
               "2.1.0 for code scanning; codequality: GitLab Code Quality JSON")};
  cl::opt<std::string> OutputFile{"output", cl::cat(OutputCat), cl::value_desc("file"),
                                  cl::desc("Write findings to <file> instead of stdout")};
  cl::alias OutputShort{"o", cl::aliasopt(OutputFile), cl::desc("Alias for --output")};
  cl::opt<std::string> SourceRoot{
      "source-root", cl::cat(OutputCat), cl::value_desc("dir"),
      cl::desc("Text, SARIF, Code Quality and baseline paths are relative to it (default:\n"
               "the current directory); github paths too (default: $GITHUB_WORKSPACE,\n"
               "else absolute)")};
  cl::opt<std::string> RuleDocsUrl{
      "rule-docs-url", cl::cat(OutputCat), cl::value_desc("url"),
      cl::desc("SARIF: each rule's helpUri is <url>/<rule>.md, or <url> with {rule}\n"
               "replaced (default: the rule pages installed with hostsync, file://)")};
  cl::opt<std::string> InformationUri{
      "information-uri", cl::cat(OutputCat), cl::value_desc("url"),
      cl::desc("SARIF: the tool's informationUri (default: the homepage the build was\n"
               "configured with, else none)")};
  cl::opt<std::string> Baseline{
      "baseline", cl::cat(OutputCat), cl::value_desc("file"),
      cl::desc("Findings it holds (same rule, file and code line) are known: left out of\n"
               "text/github output, marked in JSON/SARIF, and do not make the exit code 1")};
  cl::opt<std::string> WriteBaseline{"write-baseline", cl::cat(OutputCat), cl::value_desc("file"),
                                     cl::desc("Write today's findings as a baseline")};
  cl::opt<std::string> Color{"color", cl::cat(OutputCat), cl::value_desc("auto|always|never"),
                             cl::desc("Colours in text output (default: auto, on a terminal)")};
  cl::opt<bool> Quiet{"quiet", cl::cat(OutputCat), cl::desc("No progress or summary on stderr")};
  cl::opt<std::string> Progress{
      "progress", cl::cat(OutputCat), cl::value_desc("auto|bar|log|none"),
      cl::desc("Progress on stderr (default: auto: a bar on a terminal, log lines where the\n"
               "CI environment variable is set, else none)")};
  cl::opt<std::string> ProgressInterval{
      "progress-interval", cl::cat(OutputCat), cl::value_desc("seconds"),
      cl::desc("Seconds between progress log lines (default: 5; 0: a line per file)")};
  cl::alias QuietShort{"q", cl::aliasopt(Quiet), cl::desc("Alias for --quiet")};

  cl::opt<std::string> ConfigFile{
      "config", cl::cat(ConfigCat), cl::value_desc("file"),
      cl::desc("Use this file for every source instead of the .hostsync.yaml found by\n"
               "walking up from each source file (Checks, Severity, Exclude, AssumeDevice,\n"
               "MinRank; options given on the command line win)")};
  cl::opt<bool> DumpConfig{"dump-config", cl::cat(ConfigCat),
                           cl::desc("Print the configuration that applies to the first input")};

  cl::opt<bool> Fix{"fix", cl::cat(FixesCat),
                    cl::desc("Apply the exact rewrites (where a rule has one) in place")};
  cl::opt<bool> FixNotes{
      "fix-notes", cl::cat(FixesCat),
      cl::desc("Also apply the rewrites that are equivalent only under the condition their\n"
               "note states (implies --fix; with --export-fixes, exports them too)")};
  cl::opt<std::string> ExportFixes{
      "export-fixes", cl::cat(FixesCat), cl::value_desc("file"),
      cl::desc("Write the rewrites as clang-tidy replacement YAML, for\n"
               "clang-apply-replacements")};
  cl::opt<std::string> MinSeverity{
      "min-severity", cl::cat(FixesCat), cl::value_desc("note|warning|error"),
      cl::desc("The lowest severity that makes the exit code 1 (default: warning)")};
  cl::opt<bool> Strict{"strict", cl::cat(FixesCat),
                       cl::desc("Exit 3 also when a file was analysed with gaps (headers not\n"
                                "found, compiler errors)")};
  cl::opt<std::string> Jobs{"j", cl::Prefix, cl::cat(FixesCat), cl::value_desc("n"),
                            cl::desc("Translation units analysed in parallel (default: cores)")};

  cl::OptionCategory SpeedCat{"Speed"};
  cl::opt<std::string> CacheDir{
      "cache-dir", cl::cat(SpeedCat), cl::value_desc("dir"),
      cl::desc("Keep results of unchanged files and precompiled headers here (default:\n"
               "<build dir>/.hostsync-cache with -p, else ./.hostsync-cache)")};
  cl::opt<bool> NoCache{"no-cache", cl::cat(SpeedCat),
                        cl::desc("Analyse every file again; keep nothing for the next run")};
  cl::opt<std::string> ShardOpt{
      "shard", cl::cat(SpeedCat), cl::value_desc("i/n"),
      cl::desc("Analyse share i of n of the files (stable: by path under --source-root);\n"
               "join the shards' JSON or SARIF with `hostsync-lint merge`")};
  cl::opt<std::string> Diff{
      "diff", cl::cat(SpeedCat), cl::value_desc("git ref|-"),
      cl::desc("Report only findings on lines changed since <git ref> (git diff -U0), or\n"
               "by the unified diff on standard input (-); with the cache, only changed\n"
               "files and the files that include them are analysed again")};
  cl::opt<bool> NoPch{"no-pch", cl::cat(SpeedCat),
                      cl::desc("Parse every file from source, without a precompiled header\n"
                               "of the system header it begins with")};

  cl::extrahelp Epilogue{R"(
INPUTS:
  A C++ or CUDA source or header; a directory is searched recursively for .cpp .cc .cxx
  .c++ .C .cu files (.cu and .cuh are parsed as CUDA host code). Flags after `--` are the
  compile flags of every input (no compile database).

EXAMPLES:
  hostsync-lint src/ -- -std=c++17            every source under src/, one set of flags
  hostsync-lint -p build                      every file of build/compile_commands.json
  hostsync-lint -p build --format=sarif -o hostsync.sarif src/train.cpp

EXIT CODES:
  0 no findings at or above --min-severity, 1 findings, 2 usage or input error, 3 a file
  could not be analysed at all, or a NOLINT marker is unmatched (with --strict: also a file
  analysed with gaps). Files analysed with gaps keep their findings.
)"};

  CommandLine() {
    auto &Registered = cl::getRegisteredOptions();
    cl::alias *Help = new cl::alias("h", cl::aliasopt(*Registered["help"]),
                                    cl::desc("Alias for --help"), cl::NotHidden);
    (void)Help; // lives as long as the program, as every option does
    cl::HideUnrelatedOptions({&InputsCat, &RulesCat, &OutputCat, &ConfigCat, &FixesCat, &SpeedCat});
  }
};

// LLVM's options that are not ours or its generic ones (--help, --version...) are taken
// off the command line, so that they neither clash nor appear as "did you mean" advice.
void unregisterForeignOptions(const llvm::StringSet<> &Keep) {
  auto &Registered = cl::getRegisteredOptions();
  std::vector<cl::Option *> Foreign;
  for (auto &Entry : Registered) // a StringMap in LLVM 14, a DenseMap in 22: `second` in both
    if (cl::Option *O = Entry.second; !Keep.contains(O->ArgStr))
      Foreign.push_back(O);
  for (cl::Option *O : Foreign)
    O->removeArgument();
}

CommandLine &commandLine() {
  static CommandLine *Line = [] {
    unregisterForeignOptions({"help", "help-hidden", "help-list", "help-list-hidden", "version"});
    return new CommandLine();
  }();
  return *Line;
}

// cl reports "<prog>: <message>" on one or two lines ("Did you mean ...?"): one line,
// without the program name, which main() puts in front with "error:".
std::string oneLine(const std::string &Text) {
  std::string Out;
  llvm::StringRef Rest(Text);
  while (!Rest.empty()) {
    auto [Line, Tail] = Rest.split('\n');
    Rest = Tail;
    Line = Line.split("  Try:").first.trim(); // main() says "(see --help)"
    if (auto Colon = Line.find(": ");
        Colon != llvm::StringRef::npos && !Line.take_front(Colon).contains(' '))
      Line = Line.drop_front(Colon + 2);
    if (!Line.empty())
      Out += (Out.empty() ? "" : " ") + Line.str();
  }
  return Out;
}
} // namespace

// The value of a word option (--format, --color), or an error naming the option and the
// words it takes.
template <typename T>
bool parseChoice(const cl::opt<std::string> &Opt,
                 std::initializer_list<std::pair<const char *, T>> Words, T &Out,
                 std::string &Error) {
  if (!Opt.getNumOccurrences())
    return true;
  std::string Expected;
  size_t Index = 0;
  for (const auto &[Word, Value] : Words) {
    if (Opt == Word) {
      Out = Value;
      return true;
    }
    if (Index > 0)
      Expected += Index + 1 == Words.size() ? " or " : ", ";
    Expected += Word;
    ++Index;
  }
  Error = "unknown --" + Opt.ArgStr.str() + " '" + Opt + "' (expected " + Expected + ")";
  return false;
}

bool parseOptions(int Argc, const char **Argv, Options &Out, std::string &Error) {
  CommandLine &L = commandLine();
  cl::ResetAllOptionOccurrences();
  // Flags after `--` are compile flags, not ours (as clang-tidy's fixed database reads them).
  int Own = Argc;
  for (int I = 1; I < Argc; ++I)
    if (llvm::StringRef(Argv[I]) == "--") {
      Own = I;
      Out.HaveFixedFlags = true;
      Out.FixedFlags.assign(Argv + I + 1, Argv + Argc);
      break;
    }
  std::string Errors;
  llvm::raw_string_ostream ErrorStream(Errors);
  if (!cl::ParseCommandLineOptions(Own, Argv,
                                   "Finds host-device synchronizations in LibTorch "
                                   "C++ code.\n",
                                   &ErrorStream)) {
    // Some of cl's messages ("for the -p option: requires a value!") go to stderr directly.
    ErrorStream.flush();
    Error = Errors.empty() ? "" : oneLine(Errors) + " (see --help)";
    return false;
  }

  Out.Inputs.assign(L.Inputs.begin(), L.Inputs.end());
  Out.BuildPath = L.BuildPath;
  Out.ExtraArgs.assign(L.ExtraArgs.begin(), L.ExtraArgs.end());
  Out.ExtraArgsBefore.assign(L.ExtraArgsBefore.begin(), L.ExtraArgsBefore.end());
  Out.RemoveArgs.assign(L.RemoveArgs.begin(), L.RemoveArgs.end());
  Out.NoInferIncludes = L.NoInferIncludes;
  Out.TorchInclude = L.TorchInclude;
  Out.Checks = L.Checks;
  Out.ChecksGiven = L.Checks.getNumOccurrences() > 0;
  Out.ListRules = L.ListRules;
  Out.OutputFile = L.OutputFile;
  Out.SourceRoot = L.SourceRoot;
  Out.RuleDocsUrl = L.RuleDocsUrl;
  Out.InformationUri = L.InformationUri;
  Out.Baseline = L.Baseline;
  Out.WriteBaseline = L.WriteBaseline;
  Out.Quiet = L.Quiet;
  Out.ConfigFile = L.ConfigFile;
  Out.DumpConfig = L.DumpConfig;
  Out.FixNotes = L.FixNotes;
  Out.Fix = L.Fix || L.FixNotes;
  Out.ExportFixes = L.ExportFixes;
  Out.Strict = L.Strict;
  Out.CacheDir = L.CacheDir;
  Out.NoCache = L.NoCache;
  Out.NoPch = L.NoPch;
  Out.Diff = L.Diff;
  using F = OutputFormat;
  if (!parseChoice<F>(L.Format,
                      {{"text", F::Text},
                       {"json", F::Json},
                       {"github", F::Github},
                       {"sarif", F::Sarif},
                       {"codequality", F::CodeQuality}},
                      Out.Format, Error) ||
      !parseChoice<ColorMode>(
          L.Color,
          {{"auto", ColorMode::Auto}, {"always", ColorMode::Always}, {"never", ColorMode::Never}},
          Out.Color, Error) ||
      !parseChoice<ProgressMode>(L.Progress,
                                 {{"auto", ProgressMode::Auto},
                                  {"bar", ProgressMode::Bar},
                                  {"log", ProgressMode::Log},
                                  {"none", ProgressMode::None}},
                                 Out.Progress, Error))
    return false;
  Out.Sharded = L.ShardOpt.getNumOccurrences() > 0;
  if (Out.Sharded && !parseShard(L.ShardOpt, Out.Share)) {
    Error = "--shard needs i/n with 1 <= i <= n <= 10000, not '" + L.ShardOpt + "'";
    return false;
  }
  if (L.ProgressInterval.getNumOccurrences()) {
    double Seconds = 0;
    if (llvm::StringRef(L.ProgressInterval).getAsDouble(Seconds) || !(Seconds >= 0) ||
        Seconds > 86400) {
      Error = "--progress-interval needs a number of seconds from 0 to 86400, not '" +
              L.ProgressInterval + "'";
      return false;
    }
    Out.ProgressInterval = Seconds;
  }
  if (L.MinSeverity.getNumOccurrences() && !parseSeverity(L.MinSeverity, Out.MinSeverity)) {
    Error = "unknown --min-severity '" + L.MinSeverity + "' (expected note, warning or error)";
    return false;
  }
  Out.AssumeGiven = L.Assume.getNumOccurrences() > 0;
  if (Out.AssumeGiven && !parseAssumeDevice(L.Assume, Out.Assume)) {
    Error = "unknown --assume-device '" + L.Assume + "' (expected unknown, cuda or cpu)";
    return false;
  }
  if (L.UnknownSeverity.getNumOccurrences()) {
    std::optional<Severity> Parsed;
    if (!parseUnknownSeverity(L.UnknownSeverity, Parsed)) {
      Error = "unknown --unknown-device-severity '" + L.UnknownSeverity +
              "' (expected rule, note, warning or error)";
      return false;
    }
    Out.Devices.UnknownSeverity = Parsed;
  }
  if (L.ReportCpu.getNumOccurrences())
    Out.Devices.ReportCpu = L.ReportCpu.getValue();
  if (L.Jobs.getNumOccurrences()) {
    unsigned N = 0;
    if (llvm::StringRef(L.Jobs).getAsInteger(10, N) || N < 1 || N > 1024) {
      Error = "-j needs a number from 1 to 1024, not '" + L.Jobs + "'";
      return false;
    }
    Out.Jobs = N;
  }
  return true;
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
    std::string G =
        trim(Globs.substr(Start, Comma == std::string::npos ? std::string::npos : Comma - Start));
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
