#include "driver/PlanFiles.h"

#include "support/AbsolutePath.h"

#include <filesystem>
#include <iostream>
#include <iterator>
#include <set>

namespace hostsync {

std::string checkRunOptions(const Options &Opts, const Catalog &C, FilePlan &P, RunSettings &S) {
  if (std::string E = selectRules(Opts.Checks, C, S.Defaults.EnabledRules); !E.empty())
    return E;
  if (S.Defaults.EnabledRules.empty())
    return "--checks='" + Opts.Checks + "' enables no rule";
  S.Defaults.Assume = Opts.Assume;
  if (Opts.Inputs.empty() && Opts.BuildPath.empty())
    return "no input files (see --help)";
  if (Opts.NoCache && !Opts.CacheDir.empty())
    return "--cache-dir and --no-cache: give one of them";
  P.CacheDir =
      Opts.NoCache ? ""
      : !Opts.CacheDir.empty()
          ? absolutePath(Opts.CacheDir)
          : absolutePath((Opts.BuildPath.empty() ? "" : Opts.BuildPath + "/") + ".hostsync-cache");
  std::error_code Ignored;
  if (!P.CacheDir.empty() && std::filesystem::exists(P.CacheDir, Ignored) &&
      !std::filesystem::is_directory(P.CacheDir, Ignored))
    return P.CacheDir + ": the cache folder is not a folder";
  return "";
}

std::string applyFileConfigs(const Options &Opts, const Catalog &C, ConfigFinder &Configs,
                             FilePlan &P, RunSettings &S) {
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
    FileSettings Own;
    std::string Checks = Opts.ChecksGiven ? Opts.Checks : Cfg->Checks.value_or(Opts.Checks);
    if (E = selectRules(Checks, C, Own.EnabledRules); !E.empty())
      return Cfg->Path + ": Checks: " + E;
    if (Own.EnabledRules.empty()) { // nothing to look for: said once, the file not parsed
      if (NoRules.insert(Cfg->Path).second)
        std::cerr << "hostsync-lint: warning: " << Cfg->Path << ": Checks: '" << Checks
                  << "' enables no rule; the files it covers are not checked\n";
      P.Kept.pop_back();
      continue;
    }
    Own.Assume = Opts.AssumeGiven ? Opts.Assume : Cfg->Assume.value_or(Opts.Assume);
    S.PerFile[F] = Own;
  }
  P.Files = P.Kept;
  if (P.Files.empty())
    return "every input file is excluded by its .hostsync.yaml, or has no rule enabled";
  return "";
}

std::string readChangedLines(const Options &Opts, FilePlan &P) {
  if (Opts.Diff.empty())
    return "";
  if (Opts.Diff != "-")
    return changedSince(Opts.Diff, P.Changed.emplace());
  std::string Text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  if (std::cin.bad())
    return "--diff=-: cannot read standard input";
  return parseUnifiedDiff(Text, absolutePath(""), P.Changed.emplace());
}

} // namespace hostsync
