// Runs the enabled rules over translation units, several at a time.
#pragma once

#include "model/Finding.h"
#include "model/ProjectPass.h"
#include "model/TUResult.h"
#include "parse/ParseFile.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace hostsync {

class PrefixPchs;

// Every file's settings, and how Clang's front end runs the files.
struct RunConfig : RunSettings {
  unsigned Jobs = 1;
  PrefixPchs *Pchs = nullptr; // precompiled leading headers (cache/PrefixPch.h)
};

class CommandAdjuster;

// Told as each file starts and ends (from the worker threads, one call at a time).
struct RunProgress {
  std::function<void(size_t Index, const std::string &File)> Started;
  // Cached: its result came from the cache, not from a parse.
  std::function<void(size_t Index, const std::string &File, bool Cached)> Finished;
};

// Analyses every file, each with its compile command made fit for Clang by Commands.
std::vector<TUResult> runAll(const clang::tooling::CompilationDatabase &Db,
                             const std::vector<std::string> &Files, const RunConfig &Config,
                             CommandAdjuster &Commands, const RunProgress &Progress);

} // namespace hostsync
