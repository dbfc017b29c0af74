// hostsync-lint: finds host-device synchronizations in LibTorch C++ code.
#include "rules/Catalog.h"
#include "cache/PrefixPch.h"
#include "cache/ResultCache.h"
#include "driver/AbsolutePath.h"
#include "driver/Baseline.h"
#include "driver/ChangedIncludes.h"
#include "commands/CompileCommands.h"
#include "driver/Config.h"
#include "driver/Diff.h"
#include "driver/Finish.h"
#include "driver/Fixes.h"
#include "driver/Inputs.h"
#include "driver/Merge.h"
#include "driver/Options.h"
#include "driver/OutputFile.h"
#include "driver/Progress.h"
#include "driver/Runner.h"
#include "driver/SarifLinks.h"
#include "driver/SarifWriter.h"
#include "driver/Shard.h"
#include "driver/SaveProjectFacts.h"
#include "driver/ShardFacts.h"
#include "driver/SourceRoot.h"
#include "driver/Writers.h"

#include "common/Utf8.h"

#include "hostsync_config.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
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

// The -iquote and -I directories of File's compile command, absolute, in order.
std::vector<std::string> includeDirsOf(const clang::tooling::CompilationDatabase &Db,
                                       const std::string &File, CommandAdjuster &Commands) {
  std::vector<clang::tooling::CompileCommand> Cmds = Db.getCompileCommands(File);
  if (Cmds.empty())
    return {};
  return quoteDirs(Commands.adjust(Cmds[0].CommandLine, Cmds[0].Filename, /*CountDropped=*/false),
                   Cmds[0].Directory);
}

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
} // namespace

static int lint(int Argc, const char **Argv) {
  // --help and --version print and exit 0 inside parseOptions (llvm::cl's own options).
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "hostsync-lint " HOSTSYNC_VERSION " (built with LLVM " LLVM_VERSION_STRING ")\n";
  });
  Options Opts;
  if (std::string E; !parseOptions(Argc, Argv, Opts, E))
    return E.empty() ? UsageError : usageError(E);
  const Catalog &C = Catalog::embedded();
  if (Opts.ListRules) {
    if (Opts.Format == OutputFormat::Json)
      llvm::outs() << Catalog::embeddedJson();
    else
      writeRuleListText(llvm::outs(), C);
    return Clean;
  }
  ConfigFinder Configs(Opts.ConfigFile.empty() ? "" : absolutePath(Opts.ConfigFile));
  if (Opts.DumpConfig) {
    // The config of the first input (for a directory: of a file in it), or of ".".
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
  RunConfig Config;
  if (std::string E = selectRules(Opts.Checks, C, Config.EnabledRules); !E.empty())
    return usageError(E);
  if (Config.EnabledRules.empty())
    return usageError("--checks='" + Opts.Checks + "' enables no rule");
  if (Opts.Inputs.empty() && Opts.BuildPath.empty())
    return usageError("no input files (see --help)");
  if (Opts.NoCache && !Opts.CacheDir.empty())
    return usageError("--cache-dir and --no-cache: give one of them");
  std::string CacheDir =
      Opts.NoCache ? ""
      : !Opts.CacheDir.empty()
          ? absolutePath(Opts.CacheDir)
          : absolutePath((Opts.BuildPath.empty() ? "" : Opts.BuildPath + "/") + ".hostsync-cache");
  if (!CacheDir.empty() && llvm::sys::fs::exists(CacheDir) &&
      !llvm::sys::fs::is_directory(CacheDir))
    return usageError(CacheDir + ": the cache folder is not a folder");

  std::vector<std::string> Files, Info;
  if (std::string E = collectSources(Opts.Inputs, Files, Info); !E.empty())
    return usageError(E);
  std::unique_ptr<clang::tooling::CompilationDatabase> Db;
  CudaSetup Cuda = findCuda();
  std::vector<std::string> Roots;
  if (std::string E = makeCompilationDatabase(Opts, Cuda, Files, Db, Roots, Info); !E.empty())
    return usageError(E);
  if (std::any_of(Files.begin(), Files.end(), [](const std::string &F) { return isCudaFile(F); }))
    Info.push_back(Cuda.Description);
  // Each file's .hostsync.yaml: excluded files are not analysed; others may enable other
  // rules or assume another device (command-line options win).
  std::vector<std::string> Kept;
  std::set<std::string> NoRules;
  for (const std::string &F : Files) {
    std::string E, Abs = absolutePath(F);
    const LintConfig *Cfg = Configs.forFile(Abs, E);
    if (!Cfg)
      return usageError(E);
    if (Cfg->excludes(Abs))
      continue;
    Kept.push_back(F);
    if (Cfg->Path.empty())
      continue;
    FileSettings S;
    std::string Checks = Opts.ChecksGiven ? Opts.Checks : Cfg->Checks.value_or(Opts.Checks);
    if (E = selectRules(Checks, C, S.EnabledRules); !E.empty())
      return usageError(Cfg->Path + ": Checks: " + E);
    if (S.EnabledRules.empty()) { // nothing to look for: said once, the file not parsed
      if (NoRules.insert(Cfg->Path).second)
        llvm::errs() << "hostsync-lint: warning: " << Cfg->Path << ": Checks: '" << Checks
                     << "' enables no rule; the files it covers are not checked\n";
      Kept.pop_back();
      continue;
    }
    S.Assume = Opts.AssumeGiven ? Opts.Assume : Cfg->Assume.value_or(Opts.Assume);
    Config.PerFile[F] = S;
  }
  Files = Kept;
  if (Files.empty())
    return usageError("every input file is excluded by its .hostsync.yaml, or has no rule "
                      "enabled");
  if (Opts.Share.Count > 1) { // a share of the files, by their path under --source-root
    std::string Root = absolutePath(Opts.SourceRoot);
    Files.erase(std::remove_if(Files.begin(), Files.end(),
                               [&](const std::string &F) {
                                 return !inShard(relativeToRoot(absolutePath(F), Root), Opts.Share);
                               }),
                Files.end());
    Info.push_back("shard " + std::to_string(Opts.Share.Index) + "/" +
                   std::to_string(Opts.Share.Count) + ": " + std::to_string(Files.size()) + " of " +
                   std::to_string(Kept.size()) + " files");
  }

  CommandAdjuster Commands({Opts.ExtraArgs, Opts.ExtraArgsBefore, Opts.RemoveArgs, Cuda, Roots});

  // --diff: the lines it changed. With the cache every file runs (unchanged ones come from
  // it, and their device facts reach the changed ones); without it, only the files it
  // changed and those that include a changed file, directly or through headers, are analysed.
  std::optional<ChangedLines> Changed;
  if (!Opts.Diff.empty()) {
    std::string E, Text;
    if (Opts.Diff == "-") {
      auto In = llvm::MemoryBuffer::getSTDIN();
      if (!In)
        return usageError("--diff=-: cannot read standard input");
      E = parseUnifiedDiff(std::string((*In)->getBuffer()), absolutePath(""), Changed.emplace());
    } else {
      E = changedSince(Opts.Diff, Changed.emplace());
    }
    if (!E.empty())
      return usageError(E);
    if (CacheDir.empty()) {
      ChangedIncludes Reached(*Changed);
      Files.erase(std::remove_if(Files.begin(), Files.end(),
                                 [&](const std::string &F) {
                                   return !Changed->count(absolutePath(F)) &&
                                          !Reached.reaches(absolutePath(F),
                                                           includeDirsOf(*Db, F, Commands));
                                 }),
                  Files.end());
    }
  }

  // Read the baseline and open every output before the (long) analysis, so that a bad path
  // fails in a second; never write over one of the run's inputs.
  Baseline Accepted;
  if (std::string E; !Opts.Baseline.empty() && !readBaseline(Opts.Baseline, Accepted, E))
    return usageError(E);
  std::unique_ptr<OutputFile> File, BaselineFile, FixesFile;
  if (std::string E =
          openOutputs(inputsOfTheRun(Files, Opts),
                      {{"-o", Opts.OutputFile, &File},
                       {"--write-baseline", Opts.WriteBaseline, &BaselineFile, Opts.Baseline},
                       {"--export-fixes", Opts.ExportFixes, &FixesFile}});
      !E.empty())
    return usageError(E);
  llvm::raw_ostream &Out = File ? File->stream() : llvm::outs();

  bool ErrTTY = llvm::sys::Process::StandardErrIsDisplayed();
  if (!Opts.Quiet)
    for (const std::string &Line : Info)
      llvm::errs() << "hostsync-lint: " << Line << "\n";

  Config.Assume = Opts.Assume;
  Config.Jobs = Opts.Jobs ? Opts.Jobs : std::max(1u, std::thread::hardware_concurrency());
  auto Seconds = [Start = std::chrono::steady_clock::now()]() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  };
  // Results of unchanged files, and precompiled headers (kept in the cache, or for this run
  // only): see cache/ResultCache.h and cache/PrefixPch.h.
  ContentHashes Hashes;
  Config.ToolId = toolIdentity(Argv[0]);
  std::optional<ResultCache> Cache;
  if (!CacheDir.empty())
    Config.Cache = &Cache.emplace(CacheDir, Hashes);
  std::optional<TemporaryFolder> PchFolder;
  std::optional<PrefixPchs> Pchs;
  if (!Opts.NoPch && (Cache || !PchFolder.emplace().Path.empty()))
    Config.Pchs = &Pchs.emplace(
        Cache ? CacheDir + "/pch" : PchFolder->Path, Config.ToolId, Hashes,
        [] { return parseFileSystem(); }, /*MayBuild=*/Files.size() > 1);
  std::vector<TUResult> Results;
  {
    ProgressReporter Progress(progressStyle(Opts, ErrTTY, Files.size()), Files.size(),
                              Opts.ProgressInterval, llvm::errs());
    Results = runAll(
        *Db, Files, Config, Commands,
        {[&](size_t I, const std::string &F) { Progress.started(I, F); },
         [&](size_t I, const std::string &F, bool Cached) { Progress.finished(I, F, Cached); }});
  }
  Pchs.reset();
  PchFolder.reset();
  if (!Opts.Quiet)
    for (const std::string &Note : Commands.droppedNotes())
      llvm::errs() << "hostsync-lint: note: " << Note << "\n";

  double AnalysisSeconds = Seconds();
  std::vector<Finding> Findings = mergeFindings(Results);
  double ProjectPassSeconds = Seconds() - AnalysisSeconds;
  // Shards may run at once over one cache: their read-merge-write of the facts file could
  // lose each other's entries (hostsync-lint merge has all files, but no cache).
  if (!CacheDir.empty() && !Opts.Sharded)
    if (std::string E = saveProjectFacts(CacheDir, Results, Hashes); !E.empty() && !Opts.Quiet)
      llvm::errs() << "hostsync-lint: warning: " << E << "\n";
  std::string Root = absolutePath(Opts.SourceRoot);
  SarifLinks Links;
  if (std::string E; Opts.Format == OutputFormat::Sarif &&
                     !resolveSarifLinks(Opts, Configs, Root, Argv[0], Links, E))
    return usageError(E);
  AfterProjectPass After{Opts.Devices,
                         Changed,
                         Opts.Baseline.empty() ? std::nullopt : std::optional<Baseline>(Accepted),
                         Root,
                         assumeDeviceName(Opts.Assume),
                         severityName(Opts.MinSeverity),
                         Config.EnabledRules,
                         Links};
  ConfigLookup ConfigOf = [&](const std::string &F, std::string &E) {
    return Configs.forFile(F, E);
  };
  if (std::string E; !applyAfterProjectPass(Findings, ConfigOf, After, E))
    return usageError(E);
  if (BaselineFile)
    writeBaseline(BaselineFile->stream(), Findings, Root);
  if (FixesFile)
    if (unsigned LeftOut = exportFixes(FixesFile->stream(), Findings, Opts.FixNotes);
        LeftOut && !Opts.Quiet)
      llvm::errs() << "hostsync-lint: warning: --export-fixes: " << LeftOut << " fix"
                   << (LeftOut == 1 ? "" : "es")
                   << " left out: a file name or an edit that is not UTF-8, which YAML cannot "
                      "hold byte for byte (--fix applies them)\n";
  for (OutputFile *Written : {BaselineFile.get(), FixesFile.get()})
    if (std::string E; Written && !Written->commit(E))
      return usageError(E);
  if (Opts.Fix) {
    FixSummary Fixed;
    if (std::string E; !applyFixes(Findings, Opts.FixNotes, Fixed, E))
      return usageError(E);
    if (!Opts.Quiet)
      llvm::errs() << "hostsync-lint: applied " << Fixed.Applied << " fix"
                   << (Fixed.Applied == 1 ? "" : "es") << " in " << Fixed.Files << " file"
                   << (Fixed.Files == 1 ? "" : "s")
                   << (Fixed.Conflicts
                           ? "; " + std::to_string(Fixed.Conflicts) + " overlapping edits left out"
                           : "")
                   << "\n";
  }
  bool Color = Opts.Color == ColorMode::Always || (Opts.Color == ColorMode::Auto && !File &&
                                                   llvm::sys::Process::StandardOutIsDisplayed());
  nlohmann::ordered_json Shard; // merge's facts, in a shard's JSON or SARIF
  if (Opts.Sharded && (Opts.Format == OutputFormat::Json || Opts.Format == OutputFormat::Sarif)) {
    std::string E;
    std::optional<ShardFacts> Facts = shardFacts(Opts.Share, Kept, Results, ConfigOf, After, E);
    if (!Facts)
      return usageError(E);
    Shard = toJson(*Facts);
  }
  if (Opts.Format == OutputFormat::Json)
    writeJson(Out, Findings, Results, jsonRunInfo(After, AnalysisSeconds, ProjectPassSeconds),
              Shard);
  else if (Opts.Format == OutputFormat::Github)
    writeGithub(Out, Findings, githubRoot(Opts.SourceRoot));
  else if (Opts.Format == OutputFormat::CodeQuality)
    writeCodeQuality(Out, Findings, Root);
  else if (Opts.Format == OutputFormat::Sarif)
    writeSarif(Out, Findings, Results, Catalog::embedded(), Root, Links, !Opts.Baseline.empty(),
               Shard);
  else
    writeText(Out, Findings, Color, Root);
  Out.flush();
  if (std::string E; File && !File->commit(E))
    return usageError(E);

  // One line per file not analysed fully; a file with gaps keeps its findings.
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
    AtOrAbove += F.Sev >= Opts.MinSeverity;
    Hot += F.Rnk == Rank::Hot;
    Periodic += F.Rnk == Rank::Periodic;
  }
  size_t Reported = Findings.size() - Suppressed - Known;
  if (!Opts.Quiet)
    llvm::errs() << "hostsync-lint: " << Reported << " finding" << (Reported == 1 ? "" : "s")
                 << " (" << Hot << " hot, "
                 << (Periodic ? std::to_string(Periodic) + " periodic, " : "")
                 << Reported - Hot - Periodic << " cold) in " << Files.size() << " file"
                 << (Files.size() == 1 ? "" : "s") << " (" << Full << " analysed fully, " << Gaps
                 << " with gaps, " << NotAnalysed << " not analysed); " << AtOrAbove
                 << " at or above " << severityName(Opts.MinSeverity)
                 << (Suppressed ? "; " + std::to_string(Suppressed) + " suppressed by NOLINT" : "")
                 << (Opts.Baseline.empty()
                         ? ""
                         : "; " + std::to_string(Known) + " known to the baseline")
                 << "\n";
  if (NotAnalysed || MarkerErrors || (Opts.Strict && Gaps))
    return ParseFailure;
  return AtOrAbove ? HaveFindings : Clean;
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
