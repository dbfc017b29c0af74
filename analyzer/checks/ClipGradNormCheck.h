// hostsync-clip-grad-norm: torch::nn::utils::clip_grad_norm_, which returns the norm as a host
// double. Documentation: docs/rules/hostsync-clip-grad-norm.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class ClipGradNormCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace hostsync
