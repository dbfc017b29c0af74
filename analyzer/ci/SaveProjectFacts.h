// After a run that keeps a result cache: each analysed file's device facts into
// <cache>/project-facts.json (core/ProjectFactsFile.h), where the clang-tidy module finds
// what the project's other files pass, return and store.
#pragma once

#include "cache/ContentHashes.h"
#include "model/TUResult.h"

#include <string>
#include <vector>

namespace hostsync {

// The run's files replace their entries, the others' are kept. "" when written, else a
// one-line reason ("<path>: cannot write: ..."): a warning, the run's findings stand.
std::string saveProjectFacts(const std::string &CacheDir, const std::vector<TUResult> &Results,
                             ContentHashes &Hashes);

} // namespace hostsync
