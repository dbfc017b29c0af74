// The part of a run's plan that needs no compiler: the options that need no file, each
// file's .hostsync.yaml, and the lines --diff changed. hostsync-lint plans a Python run with
// it alone; hostsync-lint-clang's plan (driver/RunPlan) adds the compile commands, --shard
// and the headers a diff reaches.
#pragma once

#include "ci/Diff.h"
#include "config/Config.h"
#include "driver/Options.h"
#include "model/FileSettings.h"
#include "rules/Catalog.h"

#include <optional>
#include <string>
#include <vector>

namespace hostsync {

struct FilePlan {
  std::string CacheDir; // "" with --no-cache
  std::vector<std::string> Files;
  std::vector<std::string> Kept;       // the run's files before --shard took its share
  std::vector<std::string> Info;       // lines for the user
  std::optional<ChangedLines> Changed; // --diff
};

// The options that need no file: the rules, the inputs, the cache folder; "" or the error.
std::string checkRunOptions(const Options &Opts, const Catalog &C, FilePlan &P, RunSettings &S);

// Each file's .hostsync.yaml: excluded files are not analysed; others may enable other
// rules or assume another device (command-line options win). "" or the error. Warns once,
// on the standard error, of a .hostsync.yaml that enables no rule.
std::string applyFileConfigs(const Options &Opts, const Catalog &C, ConfigFinder &Configs,
                             FilePlan &P, RunSettings &S);

// --diff's changed lines, from git or from a unified diff on the standard input ("-");
// "" or the error.
std::string readChangedLines(const Options &Opts, FilePlan &P);

} // namespace hostsync
