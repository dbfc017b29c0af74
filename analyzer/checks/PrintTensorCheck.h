// hostsync-print-tensor: streaming a tensor to an ostream, print().
// Documentation: docs/rules/hostsync-print-tensor.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class PrintTensorCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace hostsync
