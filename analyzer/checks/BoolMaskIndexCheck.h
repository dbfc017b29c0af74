// hostsync-bool-mask-index: indexing a CUDA tensor with a boolean mask, masked_select, index_put_
// of a tensor through a mask. Documentation: docs/rules/hostsync-bool-mask-index.md
#pragma once

#include "core/RuleCheck.h"
#include "match/TensorMatchers.h"

namespace hostsync {

class BoolMaskIndexCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  std::vector<clang::FixItHint> maskedFillFix(const clang::Expr *E, const IndexCall &Index);
};

} // namespace hostsync
