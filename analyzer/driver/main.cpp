// hostsync-lint: finds host-device synchronizations in LibTorch C++ code.
#include "rules/Catalog.h"
#include "cache/PrefixPch.h"
#include "cache/ResultCache.h"
#include "commands/CompileCommands.h"
#include "config/Config.h"
#include "config/SarifLinks.h"
#include "ci/Baseline.h"
#include "ci/ShardFacts.h"
#include "output/Fixes.h"
#include "output/Writer.h"
#include "output/Writers.h"
#include "support/AbsolutePath.h"
#include "python/PythonLint.h"
#include "python/PythonModules.h"
#include "support/FdStream.h"
#include "support/OutputFile.h"
#include "support/SourceRoot.h"
#include "ci/AfterProjectPass.h"
#include "driver/Merge.h"
#include "driver/Options.h"
#include "driver/Progress.h"
#include "driver/RunPlan.h"
#include "driver/Runner.h"
#include "ci/SaveProjectFacts.h"
#include "compat/LLVMCompat.h"

#include "common/Utf8.h"

#include "hostsync_config.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <optional>
#include <csignal>
#include <set>
#include <thread>

using namespace hostsync;

namespace {

// docs/exit-codes.md. InternalError: an exception no part of the run caught (a bug), said in
// one line instead of an abort.
enum ExitCode { Clean = 0, HaveFindings = 1, UsageError = 2, ParseFailure = 3, InternalError = 4 };

int usageError(const std::string &Message) {
  llvm::errs() << "hostsync-lint: error: " << text::validUtf8(Message) << "\n";
  return UsageError;
}

// Every file the run reads that an output must not replace: sources, baseline,
// configuration, compile database. (--write-baseline may replace --baseline: it is read
// whole before anything is written.)
std::vector<std::string> inputsOfTheRun(const std::vector<std::string> &Sources,
                                        const Options &Opts) {
  std::vector<std::string> In = Sources;
  for (const std::string &F : {Opts.Baseline, Opts.ConfigFile})
    if (!F.empty())
      In.push_back(F);
  if (!Opts.BuildPath.empty())
    In.push_back(Opts.BuildPath + "/compile_commands.json");
  return In;
}

struct Output {
  const char *Option;
  const std::string &Path; // "" when not asked for
  std::unique_ptr<OutputFile> *Into;
  std::string MayReplace = ""; // the one input it may write over
};

// Opens each output asked for (its temporary file, so an unwritable place fails now); ""
// or the one-line error.
std::string openOutputs(const std::vector<std::string> &Inputs, std::vector<Output> Outputs) {
  for (size_t I = 0; I < Outputs.size(); ++I) {
    const Output &O = Outputs[I];
    if (O.Path.empty())
      continue;
    for (const std::string &In : Inputs)
      if (llvm::sys::fs::equivalent(O.Path, In) && In != O.MayReplace)
        return O.Path + ": is an input of this run (" + In + "); refusing to write over it";
    for (size_t J = 0; J < I; ++J)
      if (!Outputs[J].Path.empty() &&
          (O.Path == Outputs[J].Path || llvm::sys::fs::equivalent(O.Path, Outputs[J].Path)))
        return O.Path + ": given to both " + Outputs[J].Option + " and " + O.Option;
    std::string E;
    if (!(*O.Into = OutputFile::create(O.Path, E)))
      return E;
  }
  return "";
}

// Where precompiled headers go with --no-cache: a folder of this run, removed at its end.
struct TemporaryFolder {
  std::string Path;
  TemporaryFolder() {
    llvm::SmallString<256> P;
    if (!llvm::sys::fs::createUniqueDirectory("hostsync-pch", P))
      Path = std::string(P.str());
  }
  ~TemporaryFolder() {
    if (!Path.empty())
      llvm::sys::fs::remove_directories(Path);
  }
};

ProgressStyle progressStyle(const Options &Opts, bool ErrTTY, size_t Files) {
  if (Opts.Quiet || Files < 2 || Opts.Progress == ProgressMode::None)
    return ProgressStyle::None;
  if (Opts.Progress == ProgressMode::Bar)
    return ProgressStyle::Terminal;
  if (Opts.Progress == ProgressMode::Log)
    return ProgressStyle::Log;
  if (ErrTTY)
    return ProgressStyle::Terminal;
  // CI services (GitHub Actions, GitLab CI, Buildkite...) set CI in every job.
  const char *Ci = std::getenv("CI");
  return Ci && *Ci ? ProgressStyle::Log : ProgressStyle::None;
}

int listRules(const Options &Opts, const Catalog &C) {
  if (Opts.Format == OutputFormat::Json)
    llvm::outs() << Catalog::embeddedJson();
  else {
    llvm::outs().flush();
    writeRuleListText(standardOutput(), C);
    standardOutput().flushAll();
  }
  return Clean;
}

// --dump-config: the config of the first input (for a directory: of a file in it), or of ".".
int dumpConfigOfFirstInput(const Options &Opts, ConfigFinder &Configs) {
  std::string Where = absolutePath(Opts.Inputs.empty() ? "" : Opts.Inputs[0]);
  if (llvm::sys::fs::is_directory(Where))
    Where += "/-";
  std::string E;
  const LintConfig *Cfg = Configs.forFile(Where, E);
  if (!Cfg)
    return usageError(E);
  llvm::outs() << dumpConfig(*Cfg);
  return Clean;
}

// The files the run writes besides the findings: -o, --write-baseline, --export-fixes.
struct RunOutputs {
  std::unique_ptr<OutputFile> Findings, Baseline, Fixes;
};

// Reads the baseline and opens every output before the (long) analysis, so that a bad path
// fails in a second; never writes over one of the run's inputs. "" or the error.
std::string openRunOutputs(const Options &Opts, const RunPlan &P, Baseline &Accepted,
                           RunOutputs &Out) {
  if (std::string E; !Opts.Baseline.empty() && !readBaseline(Opts.Baseline, Accepted, E))
    return E;
  return openOutputs(inputsOfTheRun(P.Files, Opts),
                     {{"-o", Opts.OutputFile, &Out.Findings},
                      {"--write-baseline", Opts.WriteBaseline, &Out.Baseline, Opts.Baseline},
                      {"--export-fixes", Opts.ExportFixes, &Out.Fixes}});
}

// The analysed files and the findings of the project pass over them.
struct Analysed {
  std::vector<TUResult> Results;
  std::vector<Finding> Findings;
  double AnalysisSeconds = 0, ProjectPassSeconds = 0;
};

// Parses every file (or takes its result from the cache), then the project pass closes the
// devices across files; the project's facts are stored in the cache for the next run.
Analysed analyse(const Options &Opts, RunPlan &P, const char *Argv0) {
  bool ErrTTY = llvm::sys::Process::StandardErrIsDisplayed();
  P.Config.Defaults.Assume = Opts.Assume;
  P.Config.Jobs = Opts.Jobs ? Opts.Jobs : std::max(1u, std::thread::hardware_concurrency());
  auto Seconds = [Start = std::chrono::steady_clock::now()]() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  };
  // Results of unchanged files, and precompiled headers (kept in the cache, or for this run
  // only): see cache/ResultCache.h and cache/PrefixPch.h.
  ContentHashes Hashes;
  P.Config.ToolId = toolIdentity(Argv0);
  std::optional<ResultCache> Cache;
  if (!P.CacheDir.empty())
    P.Config.Cache = &Cache.emplace(P.CacheDir, Hashes);
  std::optional<TemporaryFolder> PchFolder;
  std::optional<PrefixPchs> Pchs;
  if (!Opts.NoPch && (Cache || !PchFolder.emplace().Path.empty()))
    P.Config.Pchs = &Pchs.emplace(
        Cache ? P.CacheDir + "/pch" : PchFolder->Path, P.Config.ToolId, Hashes,
        [] { return parseFileSystem(); }, /*MayBuild=*/P.Files.size() > 1);
  Analysed A;
  // .py files go to the Python front end, the others to Clang: one run, one summary.
  std::vector<std::string> CppFiles, PythonFiles;
  for (const std::string &F : P.Files)
    (compat::endsWith(F, ".py") ? PythonFiles : CppFiles).push_back(F);
  {
    ProgressReporter Progress(progressStyle(Opts, ErrTTY, CppFiles.size()), CppFiles.size(),
                              Opts.ProgressInterval, llvm::errs());
    A.Results = runAll(
        *P.Db, CppFiles, P.Config, *P.Commands,
        {[&](size_t I, const std::string &F) { Progress.started(I, F); },
         [&](size_t I, const std::string &F, bool Cached) { Progress.finished(I, F, Cached); }});
  }
  Pchs.reset();
  PchFolder.reset();
  // The project's modules the Python files import, each read once for the run: an input
  // that another input imports is linted as it is read (ModuleSummaries::willLint).
  python::ModuleSummaries Modules({{}, P.Config.Defaults.Assume});
  auto SettingsOf = [&](const std::string &F) {
    auto Own = P.Config.PerFile.find(F);
    const FileSettings &S = Own != P.Config.PerFile.end() ? Own->second : P.Config.Defaults;
    return python::LintSettings{{S.EnabledRules.begin(), S.EnabledRules.end()}, S.Assume, &Modules};
  };
  for (const std::string &F : PythonFiles)
    Modules.willLint(absolutePath(F), SettingsOf(F));
  for (const std::string &F : PythonFiles) {
    std::string Abs = absolutePath(F);
    python::LintSettings Settings = SettingsOf(F);
    A.Results.push_back(unlessItThrows(Abs, [&] { return python::lintPythonFile(Abs, Settings); }));
  }
  if (!Opts.Quiet)
    for (const std::string &Note : P.Commands->droppedNotes())
      llvm::errs() << "hostsync-lint: note: " << Note << "\n";

  A.AnalysisSeconds = Seconds();
  A.Findings = mergeFindings(A.Results);
  A.ProjectPassSeconds = Seconds() - A.AnalysisSeconds;
  // Shards may run at once over one cache: their read-merge-write of the facts file could
  // lose each other's entries (hostsync-lint merge has all files, but no cache).
  if (!P.CacheDir.empty() && !Opts.Sharded)
    if (std::string E = saveProjectFacts(P.CacheDir, A.Results, Hashes); !E.empty() && !Opts.Quiet)
      llvm::errs() << "hostsync-lint: warning: " << E << "\n";
  return A;
}

// --write-baseline, --export-fixes and --fix; "" or the error.
std::string writeBaselineAndFixes(const Options &Opts, const std::vector<Finding> &Findings,
                                  const std::string &Root, RunOutputs &Out) {
  if (Out.Baseline)
    writeBaseline(Out.Baseline->stream(), Findings, Root);
  if (Out.Fixes)
    if (unsigned LeftOut = exportFixes(Out.Fixes->stream(), Findings, Opts.FixNotes);
        LeftOut && !Opts.Quiet)
      llvm::errs() << "hostsync-lint: warning: --export-fixes: " << LeftOut << " fix"
                   << (LeftOut == 1 ? "" : "es")
                   << " left out: a file name or an edit that is not UTF-8, which YAML cannot "
                      "hold byte for byte (--fix applies them)\n";
  for (OutputFile *Written : {Out.Baseline.get(), Out.Fixes.get()})
    if (std::string E; Written && !Written->commit(E))
      return E;
  if (!Opts.Fix)
    return "";
  FixSummary Fixed;
  if (std::string E; !applyFixes(Findings, Opts.FixNotes, Fixed, E))
    return E;
  if (!Opts.Quiet)
    llvm::errs() << "hostsync-lint: applied " << Fixed.Applied << " fix"
                 << (Fixed.Applied == 1 ? "" : "es") << " in " << Fixed.Files << " file"
                 << (Fixed.Files == 1 ? "" : "s")
                 << (Fixed.Conflicts
                         ? "; " + std::to_string(Fixed.Conflicts) + " overlapping edits left out"
                         : "")
                 << "\n";
  return "";
}

// The findings in the format asked for, to -o or the standard output; "" or the error.
std::string writeFindings(const Options &Opts, const RunPlan &P, const Analysed &A,
                          const ConfigLookup &ConfigOf, const AfterProjectPass &After,
                          RunOutputs &Out) {
  llvm::outs().flush(); // the findings go to fd 1 through the core's own stream
  std::ostream &OS = Out.Findings ? Out.Findings->stream() : standardOutput();
  bool Color = Opts.Color == ColorMode::Always || (Opts.Color == ColorMode::Auto && !Out.Findings &&
                                                   llvm::sys::Process::StandardOutIsDisplayed());
  nlohmann::ordered_json Shard; // merge's facts, in a shard's JSON or SARIF
  if (Opts.Sharded && (Opts.Format == OutputFormat::Json || Opts.Format == OutputFormat::Sarif)) {
    std::string E;
    std::optional<ShardFacts> Facts = shardFacts(Opts.Share, P.Kept, A.Results, ConfigOf, After, E);
    if (!Facts)
      return E;
    Shard = toJson(*Facts);
  }
  JsonRunInfo Run = jsonRunInfo(After, A.AnalysisSeconds, A.ProjectPassSeconds);
  std::string GithubRoot = Opts.Format == OutputFormat::Github ? githubRoot(Opts.SourceRoot) : "";
  writerFor(Opts.Format)
      .write(OS, {A.Findings, A.Results, Run, After.Root, GithubRoot, After.Links, Color, Shard});
  OS.flush();
  standardOutput().flushAll();
  if (std::string E; Out.Findings && !Out.Findings->commit(E))
    return E;
  return "";
}

// One line per file not analysed fully (a file with gaps keeps its findings), the run's
// summary, and the exit code.
int summarise(const Options &Opts, const std::vector<TUResult> &Results,
              const std::vector<Finding> &Findings, size_t Files) {
  unsigned Full = 0, Gaps = 0, NotAnalysed = 0, MarkerErrors = 0;
  for (const TUResult &R : Results) {
    for (const std::string &E : R.SourceErrors)
      llvm::errs() << "hostsync-lint: error: " << text::validUtf8(E) << "\n";
    MarkerErrors += R.SourceErrors.size();
    TUResult::Status S = R.status();
    Full += S == TUResult::Status::Ok;
    Gaps += S == TUResult::Status::Gaps;
    NotAnalysed += S == TUResult::Status::Failed;
    if (S == TUResult::Status::Failed || (S == TUResult::Status::Gaps && !Opts.Quiet))
      llvm::errs() << "hostsync-lint: " << text::validUtf8(R.File + ": " + describeStatus(R))
                   << "\n";
  }
  unsigned AtOrAbove = 0, Hot = 0, Periodic = 0, Suppressed = 0, Known = 0;
  for (const Finding &F : Findings) {
    if (F.Suppressed) {
      ++Suppressed;
      continue;
    }
    if (F.InBaseline) { // reported in JSON/SARIF, but neither counted nor failing
      ++Known;
      continue;
    }
    AtOrAbove += F.Level >= Opts.MinSeverity;
    Hot += F.LoopRank == Rank::Hot;
    Periodic += F.LoopRank == Rank::Periodic;
  }
  size_t Reported = Findings.size() - Suppressed - Known;
  if (!Opts.Quiet)
    llvm::errs()
        << "hostsync-lint: " << Reported << " finding" << (Reported == 1 ? "" : "s") << " (" << Hot
        << " hot, " << (Periodic ? std::to_string(Periodic) + " periodic, " : "")
        << Reported - Hot - Periodic << " cold) in " << Files << " file" << (Files == 1 ? "" : "s")
        << " (" << Full << " analysed fully, " << Gaps << " with gaps, " << NotAnalysed
        << " not analysed); " << AtOrAbove << " at or above " << severityName(Opts.MinSeverity)
        << (Suppressed ? "; " + std::to_string(Suppressed) + " suppressed by NOLINT" : "")
        << (Opts.Baseline.empty() ? "" : "; " + std::to_string(Known) + " known to the baseline")
        << "\n";
  if (NotAnalysed || MarkerErrors || (Opts.Strict && Gaps))
    return ParseFailure;
  return AtOrAbove ? HaveFindings : Clean;
}

} // namespace

// Plan the run, open its outputs, analyse, apply what follows the project pass, write.
static int lint(int Argc, const char **Argv) {
  Options Opts;
  if (std::string E;
      !parseOptions(Argc, Argv, Opts, E,
                    "hostsync-lint " HOSTSYNC_VERSION " (built with LLVM " LLVM_VERSION_STRING ")"))
    return Opts.Printed ? Clean : usageError(E);
  const Catalog &C = Catalog::embedded();
  if (Opts.ListRules)
    return listRules(Opts, C);
  ConfigFinder Configs(Opts.ConfigFile.empty() ? "" : absolutePath(Opts.ConfigFile));
  if (Opts.DumpConfig)
    return dumpConfigOfFirstInput(Opts, Configs);

  RunPlan P;
  if (std::string E = planRun(Opts, C, Configs, P); !E.empty())
    return usageError(E);
  Baseline Accepted;
  RunOutputs Out;
  if (std::string E = openRunOutputs(Opts, P, Accepted, Out); !E.empty())
    return usageError(E);
  if (!Opts.Quiet)
    for (const std::string &Line : P.Info)
      llvm::errs() << "hostsync-lint: " << Line << "\n";

  Analysed A = analyse(Opts, P, Argv[0]);
  std::string Root = absolutePath(Opts.SourceRoot);
  SarifLinks Links;
  if (std::string E;
      Opts.Format == OutputFormat::Sarif &&
      !resolveSarifLinks({Opts.RuleDocsUrl, Opts.InformationUri}, Configs, Root, Argv[0], Links, E))
    return usageError(E);
  AfterProjectPass After{Opts.Devices,
                         P.Changed,
                         Opts.Baseline.empty() ? std::nullopt : std::optional<Baseline>(Accepted),
                         Root,
                         assumeDeviceName(Opts.Assume),
                         severityName(Opts.MinSeverity),
                         P.Config.Defaults.EnabledRules,
                         Links};
  ConfigLookup ConfigOf = [&](const std::string &F, std::string &E) {
    return Configs.forFile(F, E);
  };
  if (std::string E; !applyAfterProjectPass(A.Findings, ConfigOf, After, E))
    return usageError(E);
  if (std::string E = writeBaselineAndFixes(Opts, A.Findings, Root, Out); !E.empty())
    return usageError(E);
  if (std::string E = writeFindings(Opts, P, A, ConfigOf, After, Out); !E.empty())
    return usageError(E);
  return summarise(Opts, A.Results, A.Findings, P.Files.size());
}

int main(int Argc, const char **Argv) {
  // Under a file-size limit (ulimit -f) a write that passes it fails with EFBIG and is
  // reported as any write error (exit 2, the earlier file kept), instead of SIGXFSZ killing
  // the tool.
  signal(SIGXFSZ, SIG_IGN);
  // A file whose analysis throws is reported as failed and the run goes on (driver/Runner.cpp);
  // whatever else escapes is one line and a documented exit code, never an abort.
  try {
    return Argc > 1 && llvm::StringRef(Argv[1]) == "merge" ? runMerge(Argc - 1, Argv + 1)
                                                           : lint(Argc, Argv);
  } catch (const std::exception &E) {
    llvm::errs() << "hostsync-lint: error: internal error: " << text::validUtf8(E.what())
                 << " (a bug of hostsync-lint: please report it with the command)\n";
  } catch (...) {
    llvm::errs() << "hostsync-lint: error: internal error: an unknown exception (a bug of "
                    "hostsync-lint: please report it with the command)\n";
  }
  return InternalError;
}
