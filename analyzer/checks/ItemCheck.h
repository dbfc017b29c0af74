// hostsync-item: item(), _local_scalar_dense, is_nonzero and normal(mean, std tensor) on a CUDA
// tensor.
// Documentation: docs/rules/hostsync-item.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class ItemCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void checkNormal(const OpCall &Op);
};

} // namespace hostsync
