// Baselines: accept today's findings so that only new ones fail a CI run. A finding is
// known when the baseline has the same rule, the same file (relative to the source root)
// and the same code line text (a hash of it with blanks removed), so edits elsewhere in
// the file, which move lines, do not break the match. Identical lines match one for one.
#pragma once

#include "model/Finding.h"

#include <ostream>

#include <set>
#include <string>
#include <vector>

namespace hostsync {

constexpr int BaselineVersion = 1;

// What a baseline file holds: one key per accepted finding.
struct Baseline {
  std::multiset<std::string> Known;
};

// Reads it before the analysis, so that a bad baseline fails in a second, not after minutes;
// false with "FILE[:LINE:COL]: what is wrong".
bool readBaseline(const std::string &Path, Baseline &Out, std::string &Error);

// Sets InBaseline on the findings the baseline holds (each entry matches once).
void applyBaseline(Baseline Accepted, std::vector<Finding> &Findings,
                   const std::string &SourceRoot);

// Writes every finding that is not suppressed.
void writeBaseline(std::ostream &OS, const std::vector<Finding> &Findings,
                   const std::string &SourceRoot);

} // namespace hostsync
