// hostsync-scalar-tensor-index: a 0-dim integer tensor used as an index (a hidden item()).
// Documentation: docs/rules/hostsync-scalar-tensor-index.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class ScalarTensorIndexCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace hostsync
