// Runs the enabled rules over translation units, several at a time.
#pragma once

#include "core/Finding.h"
#include "core/RuleCheck.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace hostsync {

// What may differ between files (their .hostsync.yaml).
struct FileSettings {
  std::vector<std::string> EnabledRules;
  AssumeDevice Assume = AssumeDevice::Unknown;
};

class ResultCache;
class PrefixPchs;

struct RunConfig {
  std::vector<std::string> EnabledRules;
  AssumeDevice Assume = AssumeDevice::Unknown;
  std::map<std::string, FileSettings> PerFile; // overrides the two above for some files
  unsigned Jobs = 1;
  ResultCache *Cache = nullptr; // results of unchanged files (cache/ResultCache.h)
  PrefixPchs *Pchs = nullptr;   // precompiled leading headers (cache/PrefixPch.h)
  std::string ToolId;           // what names this build, for the cache's keys
};

struct TUResult {
  std::string File;
  unsigned Errors = 0;    // compiler errors in this TU (missing headers included)
  bool Failed = false;    // the tool could not run on it at all
  bool Parsed = false;    // the front end reached the end of the file
  std::string FirstError; // "file:line:col: message" of the first error
  // Headers an #include named that were not found, as spelled there, first-seen order.
  // Parsing went on without them: statements that needed them are invalid and match no
  // rule, everything else is analysed.
  std::vector<std::string> MissingHeaders;
  std::vector<Finding> Findings;         // devices not yet closed (closeDevices)
  std::vector<std::string> SourceErrors; // unmatched NOLINTBEGIN/END
  TUFacts Facts;                         // its part of the project's device facts

  // Analysed fully, with gaps (missing headers or invalid statements: findings kept), or
  // not at all.
  enum class Status { Ok, Gaps, Failed };
  Status status() const {
    return Failed ? Status::Failed : Errors > SourceErrors.size() ? Status::Gaps : Status::Ok;
  }
};
const char *statusName(TUResult::Status S); // "ok", "gaps", "failed"
// "analysed with gaps: headers not found: a.h, b.h; 14 compiler errors (first: ...)", or
// "could not be analysed (...)"; "" for a file analysed fully.
std::string describeStatus(const TUResult &R);

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

// The file system a parse sees: the real one with the CUDA stand-in headers over it.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> parseFileSystem();

// Merges the findings of all TUs, one per rule and location (a header seen by many TUs
// yields one finding; its rank is the highest any TU gave it), in output order, and closes
// their devices with the facts of every TU (core/DeviceFacts.h).
std::vector<Finding> mergeFindings(const std::vector<TUResult> &Results);

} // namespace hostsync
