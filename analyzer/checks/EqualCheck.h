// hostsync-equal: equal and allclose, which return a host bool.
// Documentation: docs/rules/hostsync-equal.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class EqualCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace hostsync
