// One finding of hostsync-lint: plain data that the writers (text, JSON) and the
// cross-TU de-duplication read. Nothing here depends on Clang.
#pragma once

#include "rules/Catalog.h"

#include <optional>
#include <string>
#include <vector>

namespace hostsync {

// Where the tensor lives, as far as the analysis can tell.
enum class DeviceConfidence {
  Cuda,     // proven to be on a CUDA device (or the op syncs whatever the device)
  Possible, // unknown (a parameter, a member...): may be on CUDA
  Assumed,  // unknown, treated as CUDA because of --assume-device=cuda
};
const char *confidenceName(DeviceConfidence C);

// Ordered: a finding's rank is the hottest any path gives it.
enum class Rank { Cold = 0, Periodic = 1, Hot = 2 };
const char *rankName(Rank R);
// Parses "cold" / "periodic" / "hot"; returns false for anything else.
bool parseRank(const std::string &Text, Rank &Out);

// One edit of a fix-it: replace Length bytes at Offset of File with Text.
struct Replacement {
  std::string File;
  unsigned Offset = 0, Length = 0;
  std::string Text;
};

struct Finding {
  std::string Rule; // "hostsync-<name>"
  Severity Sev = Severity::Warning;
  std::string File; // as the compiler saw it, made absolute
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Op; // the op as written, e.g. "nonzero", "item", "index({mask})"
  DeviceConfidence Device = DeviceConfidence::Cuda;
  Rank Rnk = Rank::Cold;
  std::string RankReason;        // "inside a loop", "in Net::forward()", ...
  std::optional<int64_t> Period; // periodic, once every Period iterations (a constant)
  std::string Function;          // enclosing function, qualified
  std::string Message;
  std::string Fix;         // the note: the sync-free rewrite
  std::string SourceLine;  // the line's text, for the caret display
  bool Suppressed = false; // by a NOLINT comment: kept in JSON, not printed or counted
  std::string SuppressionReason;
  bool InBaseline = false; // known to --baseline: kept in JSON/SARIF, not printed or failing
  // The rewrite, when the rule has one and it is safe (no macro in the range).
  std::vector<Replacement> Replacements;
  // Empty: the rewrite is exact, --fix applies it. Otherwise what must hold for it to be
  // equivalent ("'target' has 3 dimensions"): shown on a note, applied only by --fix-notes.
  std::string FixCondition;
};

// Will this finding's rewrite be applied (reported, has edits, and exact unless the
// conditional rewrites were asked for)?
bool fixApplies(const Finding &F, bool WithConditional);

// A hash of a code line with its blanks removed (16 hex digits): how baselines and SARIF
// fingerprints recognise a line that moved.
std::string lineHash(const std::string &SourceLine);

// Orders findings for output: hot first, then by file, line, column and rule.
bool findingOrder(const Finding &A, const Finding &B);
// Two findings are the same when rule and location agree (a header seen by many TUs).
bool sameFinding(const Finding &A, const Finding &B);

} // namespace hostsync
