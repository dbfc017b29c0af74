// Output writers: they take results, never configuration or the AST.
#pragma once

#include "rules/Catalog.h"
#include "model/Finding.h"
#include "model/TUResult.h"

#include <ostream>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace hostsync {

// clang style: "file:line:col: warning: message [rule]", the source line, a caret, and
// a note with the fix. Colour as clang uses it when Color is set.
// Files under Root (--source-root, the current directory by default) are named relative to
// it, as a compiler names the files it was given: "src/train.cpp:12:5: warning: ...".
void writeText(std::ostream &OS, const std::vector<Finding> &Findings, bool Color,
               const std::string &Root);

// GitHub Actions workflow commands, one per finding:
// ::warning file=F,line=L,col=C,title=hostsync-item::message (fix: ...)
// Files under Root are named relative to it, as GitHub attaches annotations to the diff
// only then; Root "" keeps every path absolute.
void writeGithub(std::ostream &OS, const std::vector<Finding> &Findings, const std::string &Root);

struct JsonRunInfo {
  std::string AssumeDevice;
  std::string MinSeverity;
  std::vector<std::string> EnabledRules;
  bool BaselineGiven = false; // findings then carry "baseline": "new" | "unchanged"
  // Wall-clock seconds of the per-file analysis and of the project pass that closes the
  // devices (summary.seconds: what bench/lint-corpus compares).
  double AnalysisSeconds = 0, ProjectPassSeconds = 0;
};
// The versioned findings format documented in docs/findings-json.md. Shard, when not null,
// is written as the field "shard" (a shard's facts for merge: ci/ShardFacts.h).
void writeJson(std::ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<TUResult> &TUs, const JsonRunInfo &Run,
               const nlohmann::ordered_json &Shard = nullptr);

// GitLab Code Quality (Code Climate) JSON: one issue per finding, paths relative to the
// source root, fingerprints from rule, path and code line; suppressed and known findings
// are left out.
void writeCodeQuality(std::ostream &OS, const std::vector<Finding> &Findings,
                      const std::string &SourceRoot);

void writeRuleListText(std::ostream &OS, const Catalog &C);

// 2: translation_units status "errors" became "gaps"; 3: device "possible" became
// "unknown", device "cpu" (--report-cpu) and device_reason came in.
constexpr int FindingsJsonVersion = 3;

} // namespace hostsync
