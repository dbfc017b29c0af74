// hostsync-lint, the command. It links no LLVM, so that a Python run starts in milliseconds
// and the pip wheel can carry it alone: Python files it lints itself. A run with C++ or
// CUDA files, a compile database (-p), --shard, or `hostsync-lint merge` it hands, with the
// same arguments, to hostsync-lint-clang, the Clang front end installed beside it, which
// runs every kind of run. Both share every step but the analysis (driver/LintSteps), so a
// Python run's output is the same from either. Installed without hostsync-lint-clang (the
// wheel), such a run is one line of error, exit 2 (docs/exit-codes.md).
#include "cache/ResultCache.h"
#include "commands/SourceFiles.h"
#include "driver/LintSteps.h"
#include "driver/PlanFiles.h"
#include "model/ProjectPass.h"
#include "python/PythonRun.h"
#include "python/PythonGuesses.h"
#include "support/AbsolutePath.h"

#include "hostsync_version.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <optional>
#include <set>

using namespace hostsync;

namespace {

const char *const ClangFrontEnd = "hostsync-lint-clang";

bool isPython(const std::string &File) { return pythonSource(File); }

// hostsync-lint-clang beside this program, "" when it is not there.
std::string clangFrontEnd() {
  std::error_code E;
  std::filesystem::path Self = std::filesystem::read_symlink("/proc/self/exe", E);
  if (E)
    return "";
  std::string Beside = (Self.parent_path() / ClangFrontEnd).string();
  return access(Beside.c_str(), X_OK) == 0 ? Beside : "";
}

// Runs hostsync-lint-clang in this process's place with the same arguments; returns only
// when it cannot (the error said, exit 2). Why: what of the run needs it.
int handOver(const char **Argv, const std::string &Why) {
  std::string Clang = clangFrontEnd();
  if (Clang.empty())
    return usageError(Why + ": needs hostsync-lint's C++ and CUDA front end (" + ClangFrontEnd +
                      "), which this installation does not have; it lints Python files only "
                      "(docs/install.md)");
  std::vector<char *> Args;
  Args.push_back(const_cast<char *>(Clang.c_str()));
  for (const char **A = Argv + 1; *A; ++A)
    Args.push_back(const_cast<char *>(*A));
  Args.push_back(nullptr);
  execv(Clang.c_str(), Args.data());
  return usageError(Clang + ": cannot run: " + std::strerror(errno));
}

std::string versionLine() {
#ifdef HOSTSYNC_CLANG_LLVM_VERSION
  if (!clangFrontEnd().empty())
    return "hostsync-lint " HOSTSYNC_VERSION " (built with LLVM " HOSTSYNC_CLANG_LLVM_VERSION ")";
#endif
  return "hostsync-lint " HOSTSYNC_VERSION " (Python files only: no C++ and CUDA front end)";
}

// The inputs' files; a C++ or CUDA file among them is handed over (true). Without
// hostsync-lint-clang, those found in folders are left out with a note, and one named on the
// command line is the run's error.
bool needsClang(const Options &Opts, FilePlan &P, std::string &Which) {
  auto Other = std::find_if_not(P.Files.begin(), P.Files.end(), isPython);
  if (Other == P.Files.end())
    return false;
  if (!clangFrontEnd().empty()) {
    Which = *Other;
    return true;
  }
  std::set<std::string> Named;
  for (const std::string &In : Opts.Inputs)
    Named.insert(absolutePath(In));
  for (const std::string &F : P.Files)
    if (!isPython(F) && Named.count(absolutePath(F))) {
      Which = F;
      return true;
    }
  size_t Before = P.Files.size();
  P.Files.erase(std::remove_if(P.Files.begin(), P.Files.end(),
                               [](const std::string &F) { return !isPython(F); }),
                P.Files.end());
  size_t Left = Before - P.Files.size();
  P.Info.push_back(std::to_string(Left) + " C++ and CUDA file" + (Left == 1 ? "" : "s") +
                   " left out: this installation lints Python files only (" + ClangFrontEnd +
                   " is not installed)");
  return false;
}

int lint(int Argc, const char **Argv) {
  if (Argc > 1 && std::string(Argv[1]) == "merge")
    return handOver(Argv, "hostsync-lint merge");
  Options Opts;
  ConfigFinder Configs;
  if (std::optional<int> Ended = startRun(Argc, Argv, versionLine(), Opts, Configs))
    return *Ended;
  const Catalog &C = Catalog::embedded();
  FilePlan P;
  RunSettings S;
  if (std::string E = checkRunOptions(Opts, C, P, S); !E.empty())
    return usageError(E);
  if (std::string E = python::guessSwitchError(); !E.empty())
    return usageError(E);
  if (!Opts.BuildPath.empty())
    return handOver(Argv, "-p " + Opts.BuildPath);
  if (Opts.Sharded)
    return handOver(Argv, "--shard");
  if (std::string E = collectSources(Opts.Inputs, P.Files, P.Info); !E.empty())
    return usageError(E);
  if (std::string Which; needsClang(Opts, P, Which))
    return handOver(Argv, Which);
  if (std::string E = applyFileConfigs(Opts, C, Configs, P, S); !E.empty())
    return usageError(E);
  if (std::string E = readChangedLines(Opts, P); !E.empty())
    return usageError(E);
  // --diff without the cache: only the files it changed (Python files include no others).
  if (P.Changed && P.CacheDir.empty())
    P.Files.erase(
        std::remove_if(P.Files.begin(), P.Files.end(),
                       [&](const std::string &F) { return !P.Changed->count(absolutePath(F)); }),
        P.Files.end());
  Baseline Accepted;
  RunOutputs Out;
  if (std::string E = openRunOutputs(Opts, P, Accepted, Out); !E.empty())
    return usageError(E);
  printPlanInfo(Opts, P);

  auto Start = std::chrono::steady_clock::now();
  auto Seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  };
  Analysed A;
  // The Python part of the run's results, kept whole in the cache (python/PythonRun.h).
  ContentHashes Hashes;
  std::optional<ResultCache> Cache;
  if (!P.CacheDir.empty()) {
    S.Cache = &Cache.emplace(P.CacheDir, Hashes);
    S.ToolId = toolIdentity(Argv[0]);
  }
  A.Results = python::lintPythonFiles(P.Files, S);
  A.AnalysisSeconds = Seconds();
  A.Findings = mergeFindings(A.Results);
  A.ProjectPassSeconds = Seconds() - A.AnalysisSeconds;
  return finishRun(Opts, P, S, A, Configs, Accepted, Out, Argv[0]);
}

} // namespace

int main(int Argc, const char **Argv) {
  return runGuarded([&] { return lint(Argc, Argv); });
}
