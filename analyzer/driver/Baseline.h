// Baselines: accept today's findings so that only new ones fail a CI run. A finding is
// known when the baseline has the same rule, the same file (relative to the source root)
// and the same code line text (a hash of it with blanks removed), so edits elsewhere in
// the file, which move lines, do not break the match. Identical lines match one for one.
#pragma once

#include "core/Finding.h"

#include <string>
#include <vector>

namespace hostsync {

constexpr int BaselineVersion = 1;

// Writes every finding that is not suppressed; false with a one-line error.
bool writeBaseline(const std::string &Path, const std::vector<Finding> &Findings,
                   const std::string &SourceRoot, std::string &Error);

// Sets InBaseline on the findings the baseline file holds; false with "FILE: what is
// wrong" when it cannot be read or is not a baseline.
bool applyBaseline(const std::string &Path, std::vector<Finding> &Findings,
                   const std::string &SourceRoot, std::string &Error);

} // namespace hostsync
