// Runs the enabled rules over translation units, several at a time.
#pragma once

#include "core/Finding.h"
#include "core/RuleCheck.h"

#include "clang/Tooling/CompilationDatabase.h"

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

struct RunConfig {
  std::vector<std::string> EnabledRules;
  AssumeDevice Assume = AssumeDevice::Unknown;
  std::map<std::string, FileSettings> PerFile; // overrides the two above for some files
  std::vector<std::string> ExtraArgs;
  std::vector<std::string> ExtraArgsBefore;
  unsigned Jobs = 1;
};

struct TUResult {
  std::string File;
  unsigned Errors = 0;     // compiler errors in this TU
  bool Failed = false;     // the tool could not run on it at all
  std::string FirstError;  // "file:line:col: message" of the first error
  std::vector<Finding> Findings;
  std::vector<std::string> SourceErrors; // unmatched NOLINTBEGIN/END
};

// Analyses every file; Progress(i, n, file) is called as each one starts.
std::vector<TUResult>
runAll(const clang::tooling::CompilationDatabase &Db, const std::vector<std::string> &Files,
       const RunConfig &Config,
       const std::function<void(size_t, size_t, const std::string &)> &Progress);

// Merges the findings of all TUs, one per rule and location (a header seen by many TUs
// yields one finding; its rank is the highest any TU gave it), in output order.
std::vector<Finding> mergeFindings(const std::vector<TUResult> &Results);

} // namespace hostsync
