// How hostsync-lint plans a run before any parse: the rules, the cache folder, the files to
// analyse (after each file's .hostsync.yaml, --shard and --diff), their compilation
// database and how their commands are made fit for Clang.
#pragma once

#include "commands/CompileCommands.h"
#include "commands/CudaSetup.h"
#include "driver/PlanFiles.h"
#include "driver/Runner.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <memory>
#include <string>
#include <vector>

namespace hostsync {

// What the run analyses and how, decided before any parse: the rules, the cache folder,
// the files (after their .hostsync.yaml, --shard and --diff) and their compile commands.
struct RunPlan : FilePlan {
  RunConfig Config;
  std::unique_ptr<clang::tooling::CompilationDatabase> Db;
  CudaSetup Cuda;
  std::vector<std::string> Roots; // include roots inferred from the tree
  // Makes each file's compile command fit for Clang (after the database and the roots).
  std::unique_ptr<CommandAdjuster> Commands;
};

// Fills P from the options and the configuration files; "" or the one-line error (a usage
// error). May print a warning (a .hostsync.yaml that enables no rule).
std::string planRun(const Options &Opts, const Catalog &C, ConfigFinder &Configs, RunPlan &P);

} // namespace hostsync
