// The calls of the project's functions that one translation unit makes, with their
// arguments' devices and the caller's loop, for the project pass to decide which calls sync
// because their callee does (model/CallFindings.h). Read after the rules have run, from
// the same facts (their summaries are reused).
#pragma once

#include "core/RuleCheck.h"
#include "model/ProjectCall.h"

#include <vector>

namespace hostsync {

std::vector<ProjectCall> recordCalls(TUContext &TU);

} // namespace hostsync
