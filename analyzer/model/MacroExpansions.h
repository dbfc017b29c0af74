// A sync written in a macro's body is reported at each expansion, where the program waits
// (match/MacroContext.h); the expansions of one definition are one fix, so they are one
// finding: the hottest expansion (then the first in file order) is reported, the others are
// its related locations. Findings of different rules stay apart; a suppressed expansion
// (NOLINT at its line) and one on the CPU (--report-cpu) stay as they are. Run on what is
// reported (after the configuration and --baseline: a new expansion is kept before one the
// baseline knows).
#pragma once

#include "model/Finding.h"

#include <vector>

namespace hostsync {

// Findings: the report's. Keeps their order otherwise.
void groupMacroExpansions(std::vector<Finding> &Findings);

} // namespace hostsync
