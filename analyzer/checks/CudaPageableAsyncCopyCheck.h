// hostsync-cuda-pageable-async-copy: cudaMemcpyAsync to or from pageable host memory,
// which the runtime performs synchronously. Documentation:
// docs/rules/hostsync-cuda-pageable-async-copy.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class CudaPageableAsyncCopyCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace hostsync
