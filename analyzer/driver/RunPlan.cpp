#include "driver/RunPlan.h"

#include "cache/PrefixPch.h"
#include "ci/ChangedIncludes.h"
#include "ci/Shard.h"
#include "commands/Inputs.h"
#include "compat/LLVMCompat.h"
#include "support/AbsolutePath.h"
#include "support/SourceRoot.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <set>

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

// The options that need no file: the rules, the inputs, the cache folder; "" or the error.
std::string checkRunOptions(const Options &Opts, const Catalog &C, RunPlan &P) {
  if (std::string E = selectRules(Opts.Checks, C, P.Config.Defaults.EnabledRules); !E.empty())
    return E;
  if (P.Config.Defaults.EnabledRules.empty())
    return "--checks='" + Opts.Checks + "' enables no rule";
  if (Opts.Inputs.empty() && Opts.BuildPath.empty())
    return "no input files (see --help)";
  if (Opts.NoCache && !Opts.CacheDir.empty())
    return "--cache-dir and --no-cache: give one of them";
  P.CacheDir =
      Opts.NoCache ? ""
      : !Opts.CacheDir.empty()
          ? absolutePath(Opts.CacheDir)
          : absolutePath((Opts.BuildPath.empty() ? "" : Opts.BuildPath + "/") + ".hostsync-cache");
  if (!P.CacheDir.empty() && llvm::sys::fs::exists(P.CacheDir) &&
      !llvm::sys::fs::is_directory(P.CacheDir))
    return P.CacheDir + ": the cache folder is not a folder";
  return "";
}

// The input files and their compilation database; "" or the error.
std::string findFiles(const Options &Opts, RunPlan &P) {
  if (std::string E = collectSources(Opts.Inputs, P.Files, P.Info); !E.empty())
    return E;
  // Python files alone: no compile commands, LibTorch headers or include roots to find (a
  // walk of the tree that would be most of a small run's time).
  if (Opts.BuildPath.empty() && !P.Files.empty() &&
      std::all_of(P.Files.begin(), P.Files.end(),
                  [](const std::string &F) { return compat::endsWith(F, ".py"); })) {
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

// Each file's .hostsync.yaml: excluded files are not analysed; others may enable other
// rules or assume another device (command-line options win). "" or the error.
std::string applyFileConfigs(const Options &Opts, const Catalog &C, ConfigFinder &Configs,
                             RunPlan &P) {
  std::set<std::string> NoRules;
  for (const std::string &F : P.Files) {
    std::string E, Abs = absolutePath(F);
    const LintConfig *Cfg = Configs.forFile(Abs, E);
    if (!Cfg)
      return E;
    if (Cfg->excludes(Abs))
      continue;
    P.Kept.push_back(F);
    if (Cfg->Path.empty())
      continue;
    FileSettings S;
    std::string Checks = Opts.ChecksGiven ? Opts.Checks : Cfg->Checks.value_or(Opts.Checks);
    if (E = selectRules(Checks, C, S.EnabledRules); !E.empty())
      return Cfg->Path + ": Checks: " + E;
    if (S.EnabledRules.empty()) { // nothing to look for: said once, the file not parsed
      if (NoRules.insert(Cfg->Path).second)
        llvm::errs() << "hostsync-lint: warning: " << Cfg->Path << ": Checks: '" << Checks
                     << "' enables no rule; the files it covers are not checked\n";
      P.Kept.pop_back();
      continue;
    }
    S.Assume = Opts.AssumeGiven ? Opts.Assume : Cfg->Assume.value_or(Opts.Assume);
    P.Config.PerFile[F] = S;
  }
  P.Files = P.Kept;
  if (P.Files.empty())
    return "every input file is excluded by its .hostsync.yaml, or has no rule enabled";
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
  if (Opts.Diff.empty())
    return "";
  std::string E;
  if (Opts.Diff == "-") {
    auto In = llvm::MemoryBuffer::getSTDIN();
    if (!In)
      return "--diff=-: cannot read standard input";
    E = parseUnifiedDiff(std::string((*In)->getBuffer()), absolutePath(""), P.Changed.emplace());
  } else {
    E = changedSince(Opts.Diff, P.Changed.emplace());
  }
  if (!E.empty() || !P.CacheDir.empty())
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
  if (std::string E = checkRunOptions(Opts, C, P); !E.empty())
    return E;
  if (std::string E = findFiles(Opts, P); !E.empty())
    return E;
  if (std::string E = applyFileConfigs(Opts, C, Configs, P); !E.empty())
    return E;
  keepShare(Opts, P);
  P.Commands = std::make_unique<CommandAdjuster>(
      CommandEdits{Opts.ExtraArgs, Opts.ExtraArgsBefore, Opts.RemoveArgs, P.Cuda, P.Roots});
  return keepChanged(Opts, P);
}

} // namespace hostsync
