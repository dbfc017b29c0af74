// hostsync-cuda-implicit-sync: CUDA runtime calls that synchronize the device as a side
// effect: the catalog's "apis" of the rule (cudaFree, cudaFreeHost, ...). Documentation:
// docs/rules/hostsync-cuda-implicit-sync.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class CudaImplicitSyncCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace hostsync
