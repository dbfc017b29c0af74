// The project pass: every file's findings joined once all are analysed, whichever front end
// made them. No LLVM (the linter's core).
#pragma once

#include "model/Finding.h"
#include "model/TUResult.h"

#include <vector>

namespace hostsync {

// Merges the findings of all TUs, one per rule and location (a header seen by many TUs
// yields one finding; its rank is the highest any TU gave it), in output order, and closes
// their devices with the facts of every TU (model/DeviceFacts.h).
std::vector<Finding> mergeFindings(const std::vector<TUResult> &Results);

} // namespace hostsync
