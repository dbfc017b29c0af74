// One translation unit's result, as the runner, the cache, the shards and the writers hand
// it around: plain data, no Clang.
#pragma once

#include "model/ProjectCall.h"
#include "model/DeviceFacts.h"
#include "model/Finding.h"

#include <exception>
#include <string>
#include <vector>

namespace hostsync {

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
  std::vector<ProjectCall> Calls;        // its calls of the project's functions

  // Analysed fully, with gaps (missing headers or invalid statements: findings kept), or
  // not at all.
  enum class Status { Ok, Gaps, Failed };
  Status status() const {
    return Failed ? Status::Failed : Errors > SourceErrors.size() ? Status::Gaps : Status::Ok;
  }
};
const char *statusName(TUResult::Status S); // "ok", "gaps", "failed"

// Analyse(), or, when it throws (a bug, or input that no part foresaw), File as a failed
// file whose reason names the exception: one file's fault ends that file, not the run, as
// clang-tidy reports one bad file and moves on.
template <class Analysis> TUResult unlessItThrows(const std::string &File, Analysis &&Analyse) {
  std::string Why;
  try {
    return Analyse();
  } catch (const std::exception &E) {
    Why = E.what();
  } catch (...) {
    Why = "an unknown exception";
  }
  TUResult Failed;
  Failed.File = File;
  Failed.Failed = true;
  Failed.FirstError = "internal error: " + Why + " (a bug of hostsync-lint: please report it)";
  return Failed;
}
// "analysed with gaps: headers not found: a.h, b.h; 14 compiler errors (first: ...)", or
// "could not be analysed (...)"; "" for a file analysed fully.
std::string describeStatus(const TUResult &R);

} // namespace hostsync
