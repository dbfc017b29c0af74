#include "driver/RunPlan.h"

#include "cache/PrefixPch.h"
#include "ci/ChangedIncludes.h"
#include "ci/Shard.h"
#include "commands/Inputs.h"
#include "commands/SourceFiles.h"
#include "compat/LLVMCompat.h"
#include "python/PythonGuesses.h"
#include "support/AbsolutePath.h"
#include "support/SourceRoot.h"

#include <algorithm>

namespace hostsync {

namespace {

// The -iquote and -I directories of File's compile command, absolute, in order.
std::vector<std::string> includeDirsOf(const clang::tooling::CompilationDatabase &Db,
                                       const std::string &File, CommandAdjuster &Commands) {
  std::vector<clang::tooling::CompileCommand> Cmds = Db.getCompileCommands(File);
  if (Cmds.empty())
    return {};
  return quoteDirs(Commands.adjust(Cmds[0].CommandLine, Cmds[0].Filename, /*CountDropped=*/false),
                   Cmds[0].Directory);
}

// The input files and their compilation database; "" or the error.
std::string findFiles(const Options &Opts, RunPlan &P) {
  if (std::string E = collectSources(Opts.Inputs, P.Files, P.Info); !E.empty())
    return E;
  // Python files alone: no compile commands, LibTorch headers or include roots to find (a
  // walk of the tree that would be most of a small run's time).
  if (Opts.BuildPath.empty() && !P.Files.empty() &&
      std::all_of(P.Files.begin(), P.Files.end(),
                  [](const std::string &F) { return pythonSource(F); })) {
    P.Db =
        std::make_unique<clang::tooling::FixedCompilationDatabase>(".", std::vector<std::string>());
    return "";
  }
  P.Cuda = findCuda();
  DatabaseRequest Request{Opts.BuildPath, Opts.TorchInclude, Opts.NoInferIncludes, Opts.Inputs,
                          Opts.FixedFlags};
  if (std::string E = makeCompilationDatabase(Request, P.Cuda, P.Files, P.Db, P.Roots, P.Info);
      !E.empty())
    return E;
  if (std::any_of(P.Files.begin(), P.Files.end(),
                  [](const std::string &F) { return isCudaFile(F); }))
    P.Info.push_back(P.Cuda.Description);
  return "";
}

// --shard: a share of the files, by their path under --source-root.
void keepShare(const Options &Opts, RunPlan &P) {
  if (Opts.Share.Count <= 1)
    return;
  std::string Root = absolutePath(Opts.SourceRoot);
  P.Files.erase(std::remove_if(P.Files.begin(), P.Files.end(),
                               [&](const std::string &F) {
                                 return !inShard(relativeToRoot(absolutePath(F), Root), Opts.Share);
                               }),
                P.Files.end());
  P.Info.push_back("shard " + std::to_string(Opts.Share.Index) + "/" +
                   std::to_string(Opts.Share.Count) + ": " + std::to_string(P.Files.size()) +
                   " of " + std::to_string(P.Kept.size()) + " files");
}

// --diff: the lines it changed. With the cache every file runs (unchanged ones come from
// it, and their device facts reach the changed ones); without it, only the files it
// changed and those that include a changed file, directly or through headers, are analysed.
// "" or the error.
std::string keepChanged(const Options &Opts, RunPlan &P) {
  if (std::string E = readChangedLines(Opts, P); !E.empty() || !P.Changed || !P.CacheDir.empty())
    return E;
  ChangedIncludes Reached(*P.Changed);
  P.Files.erase(std::remove_if(P.Files.begin(), P.Files.end(),
                               [&](const std::string &F) {
                                 return !P.Changed->count(absolutePath(F)) &&
                                        !Reached.reaches(absolutePath(F),
                                                         includeDirsOf(*P.Db, F, *P.Commands));
                               }),
                P.Files.end());
  return "";
}

} // namespace

std::string planRun(const Options &Opts, const Catalog &C, ConfigFinder &Configs, RunPlan &P) {
  if (std::string E = checkRunOptions(Opts, C, P, P.Config); !E.empty())
    return E;
  if (std::string E = python::guessSwitchError(); !E.empty())
    return E;
  if (std::string E = findFiles(Opts, P); !E.empty())
    return E;
  if (std::string E = applyFileConfigs(Opts, C, Configs, P, P.Config); !E.empty())
    return E;
  keepShare(Opts, P);
  P.Commands = std::make_unique<CommandAdjuster>(
      CommandEdits{Opts.ExtraArgs, Opts.ExtraArgsBefore, Opts.RemoveArgs, P.Cuda, P.Roots});
  return keepChanged(Opts, P);
}

} // namespace hostsync
