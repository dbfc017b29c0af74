// One finding of hostsync-lint: plain data that the writers (text, JSON) and the
// cross-TU de-duplication read. Nothing here depends on Clang.
#pragma once

#include "model/AssumeDevice.h"
#include "model/DeviceFacts.h"
#include "rules/Catalog.h"

#include <optional>
#include <string>
#include <vector>

namespace hostsync {

// Where the tensor lives, as far as the analysis can tell.
enum class DeviceConfidence {
  Cuda,    // evidence that it is on a CUDA device (or the op syncs whatever the device)
  Unknown, // nothing says (a parameter no analysed code passes, a tensor from outside): may be
  Assumed, // unknown, treated as CUDA because of --assume-device=cuda
  Cpu,     // on the CPU: no sync; reported only with --report-cpu
};
const char *confidenceName(DeviceConfidence C);

// The severity of findings on a tensor of unknown device: the rule's own (nullopt, the
// default: such code syncs whenever it runs on a GPU), or one level for all of them.
// Parses "rule" / "note" / "warning" / "error" for the flag and .hostsync.yaml.
bool parseUnknownSeverity(const std::string &Word, std::optional<Severity> &Out);
struct Finding;
// What the command line or a .hostsync.yaml says of devices' severities and CPU findings.
struct DevicePolicy {
  std::optional<std::optional<Severity>> UnknownSeverity; // given: nullopt inside = "rule"
  std::optional<bool> ReportCpu;                          // given: report CPU ops as notes
};
// Applies a policy (the first given of each setting wins: the command line, then the
// file's config): unknown-device findings get the severity, CPU ones are dropped unless
// reported, as notes.
bool applyDevicePolicy(Finding &F, const DevicePolicy &First, const DevicePolicy &Second);

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

// A finding's related locations stay readable: the first few, in the order found.
constexpr size_t MaxRelated = 8;

// Another place a finding points to (SARIF's relatedLocations, a note in the text output):
// the sync inside a called function, the calls that reach a sync, the other expansions of
// one macro's sync.
struct RelatedLocation {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Message;
};

struct Finding {
  std::string Rule; // "hostsync-<name>"
  Severity Level = Severity::Warning;
  std::string File; // as the compiler saw it, made absolute
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Op; // the op as written, e.g. "nonzero", "item", "index({mask})"
  DeviceConfidence Device = DeviceConfidence::Cuda;
  std::string DeviceReason; // why: "`x.cuda()` at line 12", "parameter `t` of ...: ..."
  // Until the project's facts are solved (ProjectFacts): what other files decide, and what
  // an unknown device becomes (unknown, assumed CUDA, or the CPU by --assume-device=cpu or
  // a program that names no CUDA).
  OpenDevice Open;
  DeviceConfidence WhenUnknown = DeviceConfidence::Unknown;
  std::string WhenUnknownReason; // "this program names no CUDA device", "--assume-device=cpu"
  Rank LoopRank = Rank::Cold;
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

  std::vector<RelatedLocation> Related;
  // Syncs inside calls (model/CallFindings.h): the enclosing function's key (FunctionKey),
  // whether a call of it makes this finding's sync happen at the call (CallSyncs: not for a
  // copy to CUDA, which syncs when its source is on the host), and, if so, the parameters
  // whose device decides it (empty: it syncs whatever the arguments, once its device is
  // CUDA). Callee: the called function's name, on a finding made at a call; Reaches: the
  // callee's own findings at the end of its chain (findingKey).
  std::string FunctionKey;
  bool CallSyncs = false;
  std::vector<unsigned> SyncParams;
  std::string Callee;
  std::vector<std::string> Reaches; // on a call's finding: the op findings it reaches
  // An op written in a macro's body: "macro@file:line:column" of the op in the definition.
  // The expansions of one definition are one finding (model/MacroExpansions.h).
  std::string MacroSite;
  // Read from the text of code that was not analysed (parse/UnanalysedSyncs.h): a block
  // the preprocessor left out, or code that did not compile. Dropped where an analysed
  // finding of any TU holds the same line.
  bool ReadFromText = false;
};

// What an unknown device becomes under --assume-device (cuda: assumed CUDA; cpu: the CPU),
// with its reason; false, F unchanged, for "unknown". Both front ends set it so.
bool assumeWhenUnknown(Finding &F, AssumeDevice Assume);

// Closes every finding's device with the project's solved facts (see DeviceConfidence).
void closeDevices(std::vector<Finding> &Findings, const ProjectFacts &Facts);

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
