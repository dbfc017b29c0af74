// hostsync-lint-clang: every run of hostsync-lint, C++ and CUDA files through Clang, Python
// files through the Python front end, and `hostsync-lint merge`. hostsync-lint (LintMain.cpp),
// which has no LLVM, runs Python-only runs itself and hands every other run to this program.
#include "cache/PrefixPch.h"
#include "cache/ResultCache.h"
#include "ci/SaveProjectFacts.h"
#include "ci/ShardFacts.h"
#include "commands/SourceFiles.h"
#include "compat/LLVMCompat.h"
#include "driver/CrashRecovery.h"
#include "driver/LintSteps.h"
#include "driver/Merge.h"
#include "driver/Progress.h"
#include "driver/RunPlan.h"
#include "driver/Runner.h"
#include "python/PythonRun.h"
#include "support/AbsolutePath.h"

#include "hostsync_version.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <thread>

using namespace hostsync;

namespace {

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

// Parses every file (or takes its result from the cache), then the project pass closes the
// devices across files; the project's facts are stored in the cache for the next run.
Analysed analyse(const Options &Opts, RunPlan &P, const char *Argv0) {
  bool ErrTTY = llvm::sys::Process::StandardErrIsDisplayed();
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
  if (PchFolder && !PchFolder->Path.empty())
    crashRecoveryFolder(PchFolder->Path);
  Analysed A;
  // .py files go to the Python front end, the others to Clang: one run, one summary.
  std::vector<std::string> CppFiles, PythonFiles;
  for (const std::string &F : P.Files)
    (pythonSource(F) ? PythonFiles : CppFiles).push_back(F);
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
  std::vector<TUResult> Python = python::lintPythonFiles(PythonFiles, P.Config);
  A.Results.insert(A.Results.end(), std::make_move_iterator(Python.begin()),
                   std::make_move_iterator(Python.end()));
  if (!Opts.Quiet)
    for (const std::string &Note : P.Commands->droppedNotes())
      std::cerr << "hostsync-lint: note: " << Note << "\n";

  A.AnalysisSeconds = Seconds();
  A.Findings = mergeFindings(A.Results);
  A.ProjectPassSeconds = Seconds() - A.AnalysisSeconds;
  // Shards may run at once over one cache: their read-merge-write of the facts file could
  // lose each other's entries (hostsync-lint merge has all files, but no cache).
  if (!P.CacheDir.empty() && !Opts.Sharded)
    if (std::string E = saveProjectFacts(P.CacheDir, A.Results, Hashes); !E.empty() && !Opts.Quiet)
      std::cerr << "hostsync-lint: warning: " << E << "\n";
  return A;
}

// Plan the run, open its outputs, analyse, apply what follows the project pass, write.
int lint(int Argc, const char **Argv) {
  Options Opts;
  ConfigFinder Configs;
  if (std::optional<int> Ended =
          startRun(Argc, Argv,
                   "hostsync-lint " HOSTSYNC_VERSION " (built with LLVM " LLVM_VERSION_STRING ")",
                   Opts, Configs))
    return *Ended;
  RunPlan P;
  if (std::string E = planRun(Opts, Catalog::embedded(), Configs, P); !E.empty())
    return usageError(E);
  Baseline Accepted;
  RunOutputs Out;
  if (std::string E = openRunOutputs(Opts, P, Accepted, Out); !E.empty())
    return usageError(E);
  printPlanInfo(Opts, P);
  recoverFromCrashes(Argc, Argv); // a crash in one file's analysis: the run again without it
  Analysed A = analyse(Opts, P, Argv[0]);
  llvm::outs().flush(); // the findings go to fd 1 through the core's own stream
  ShardFactsJson ShardFactsOf;
  if (Opts.Sharded)
    ShardFactsOf = [&](const ConfigLookup &ConfigOf, const AfterProjectPass &After,
                       nlohmann::ordered_json &Json, std::string &E) {
      std::optional<ShardFacts> Facts =
          shardFacts(Opts.Share, P.Kept, A.Results, ConfigOf, After, E);
      if (Facts)
        Json = toJson(*Facts);
      return Facts.has_value();
    };
  return finishRun(Opts, P, P.Config, A, Configs, Accepted, Out, Argv[0], ShardFactsOf);
}

} // namespace

int main(int Argc, const char **Argv) {
  return runGuarded([&] {
    return Argc > 1 && std::string(Argv[1]) == "merge" ? runMerge(Argc - 1, Argv + 1)
                                                       : lint(Argc, Argv);
  });
}
