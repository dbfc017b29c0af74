// One call of a project function, as a translation unit saw it: what the project pass
// needs to decide whether the call syncs because its callee does (model/CallFindings.h),
// without the AST. Plain data, no Clang.
#pragma once

#include "model/DeviceFacts.h"
#include "model/Finding.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hostsync {

struct ProjectCall {
  std::string Callee;     // the called function's key (Finding::FunctionKey)
  std::string CalleeName; // "`to_float()`", as messages name it
  std::string Caller;     // the enclosing function's key; "" outside a function
  std::string CallerName; // qualified, as Finding::Function
  std::string File;       // absolute, as findings name files
  unsigned Line = 0, Column = 0;
  std::string SourceLine;
  Rank LoopRank = Rank::Cold;
  std::string RankReason;
  std::optional<int64_t> Period;
  // The device of each argument that is a tensor (or names a device), open as a finding's.
  struct Argument {
    unsigned Param = 0;
    std::string Text; // the argument as written ("loss"), for messages
    OpenDevice Device;
    std::string Why; // why its own part is what it is ("`x.cuda()` at line 12", ...)
    // The caller's parameters its device comes through: a call that syncs on this argument
    // syncs on them, one level up.
    std::vector<unsigned> CallerParams;
  };
  std::vector<Argument> Arguments;
  // A call written in a macro's body: as Finding::MacroSite, and the message's words.
  std::string MacroSite, MacroNote;
  // One of several callees the call may run (a Python object of one class or of another,
  // each class's method bound): its note stands beside the others', of the same rule too.
  bool OneOfSeveral = false;
  // Rules a NOLINT comment on the call's line suppresses, with its reason.
  std::vector<std::pair<std::string, std::string>> Suppressed;
};

} // namespace hostsync
