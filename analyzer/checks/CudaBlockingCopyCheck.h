// hostsync-cuda-blocking-copy: cudaMemcpy and its synchronous relatives, which return only
// when the copy is done. Documentation: docs/rules/hostsync-cuda-blocking-copy.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class CudaBlockingCopyCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace hostsync
