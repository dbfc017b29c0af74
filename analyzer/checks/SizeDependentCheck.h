// hostsync-size-dependent: repeat_interleave(tensor), bincount, histc and one_hot without a size.
// Documentation: docs/rules/hostsync-size-dependent.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class SizeDependentCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  // SizeDependentFixes.cpp: the size, when the code shows it.
  Rewrite outputSizeFix(const OpCall &Op);
  Rewrite histcRangeFix(const OpCall &Op);
  Rewrite numClassesFix(const OpCall &Op);
};

} // namespace hostsync
