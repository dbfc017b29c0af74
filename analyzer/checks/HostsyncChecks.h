// Every hostsync check with its factory: the list that hostsync-lint and the clang-tidy
// module run, and the only place that names every check (core/ knows none of them).
#pragma once

#include "core/RuleCheck.h"

#include <vector>

namespace hostsync {

const std::vector<RegisteredRule> &hostsyncChecks();

} // namespace hostsync
