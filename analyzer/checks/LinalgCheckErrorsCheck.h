// hostsync-linalg-check-errors: linear algebra that checks its info codes on the host (use the _ex
// forms). Documentation: docs/rules/hostsync-linalg-check-errors.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class LinalgCheckErrorsCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  Rewrite uncheckedFix(const OpCall &Op, const std::string &Ex);
};

} // namespace hostsync
