// hostsync-nonzero: nonzero, argwhere and one-argument where.
// Documentation: docs/rules/hostsync-nonzero.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class NonzeroCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  // NonzeroAssignFix.cpp: indices computed only to assign one value through them.
  Rewrite assignOnlyFix(const clang::CallExpr *Call, const clang::Expr *Cond);
};

} // namespace hostsync
