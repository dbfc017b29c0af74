// hostsync-linalg-check-errors: linear algebra that checks its info codes on the host (use the _ex
// forms), or its convergence (svd, eigh: decompose less often). Documentation:
// docs/rules/hostsync-linalg-check-errors.md
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
  // Does Name check convergence (svd, eigh, pinv...) rather than a factorisation's info?
  static bool converges(llvm::StringRef Name);
};

} // namespace hostsync
