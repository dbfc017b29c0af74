// Fix-its: applying the findings' exact rewrites to the files (--fix), or exporting them as
// clang-tidy's replacement YAML (--export-fixes), which clang-apply-replacements applies.
// Only findings that are reported (not suppressed, not known to the baseline) are fixed;
// a conditional rewrite (Finding::FixCondition) only when WithConditional (--fix-notes).
#pragma once

#include "model/Finding.h"

#include <ostream>

#include <string>
#include <vector>

namespace hostsync {

struct FixSummary {
  unsigned Applied = 0, Files = 0, Conflicts = 0; // conflicts: overlapping edits left out
};

// Rewrites each file once, edits applied from its end, each file replaced whole (a temporary
// file renamed over it, its permissions kept); false with a one-line error.
bool applyFixes(const std::vector<Finding> &Findings, bool WithConditional, FixSummary &Summary,
                std::string &Error);

// The fixes as clang-apply-replacements reads them; returns how many were left out because
// their file name or text is not UTF-8 (YAML cannot hold such bytes).
unsigned exportFixes(std::ostream &OS, const std::vector<Finding> &Findings, bool WithConditional);

} // namespace hostsync
