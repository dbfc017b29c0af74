// What the output of a shard (--shard=i/n, JSON or SARIF) carries so that
// `hostsync-lint merge` can run the project pass again over the files of every shard, and
// write what one run over all of them writes: each file's result before the project pass
// (its findings with the devices other files decide still open, its part of the project's
// device facts, its parse state), its place in the run's list of files, and the settings
// applied after the project pass. docs/findings-json.md#shards documents the field.
#pragma once

#include "config/Config.h"
#include "ci/AfterProjectPass.h"
#include "model/TUResult.h"
#include "ci/Shard.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hostsync {

// 1: the first. 2: each unit's calls of project functions, for syncs inside calls. 3: each
// unit's program evidence (names CUDA, defines main()). The results inside are those of one
// version of hostsync-lint (Tool).
constexpr int ShardFactsVersion = 3;

struct ShardFacts {
  std::string Tool; // factsWriter(): hostsync-lint's version and LLVM's; merge reads its own
  unsigned Index = 1, Count = 1;
  size_t Files = 0; // in the whole run, before the share was taken
  AfterProjectPass After;
  struct Unit {
    size_t Position; // in the whole run's list of files
    TUResult Result;
  };
  std::vector<Unit> Units;
  // The configuration (.hostsync.yaml) of every file the units' findings and calls are in:
  // its MinRank, Severity and device settings.
  std::map<std::string, LintConfig> Configs;
  // Those files that their configuration excludes: their findings travel (they give their
  // functions' summaries to the calls of other files) and the merge drops them, as one run
  // does.
  std::set<std::string> Excluded;
};

// The facts of one shard: Results of the files of the share, positions taken in All (the
// run's files before the share was taken). Findings in files their configuration excludes
// are left out; nullopt with Error when a configuration cannot be read.
std::optional<ShardFacts> shardFacts(const Shard &Share, const std::vector<std::string> &All,
                                     const std::vector<TUResult> &Results,
                                     const ConfigLookup &Configs, const AfterProjectPass &After,
                                     std::string &Error);

nlohmann::ordered_json toJson(const ShardFacts &S);
// False with Error ("what is wrong") when J is not a ShardFacts of this version and tool.
bool fromJson(const nlohmann::ordered_json &J, ShardFacts &Out, std::string &Error);

// The settings as JSON: two shards belong to one run when these are equal.
nlohmann::json settingsJson(const AfterProjectPass &A);

} // namespace hostsync
