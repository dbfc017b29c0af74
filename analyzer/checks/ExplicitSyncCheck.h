// hostsync-explicit-sync: device, stream and event synchronize calls and blocking cudaMemcpy.
// Documentation: docs/rules/hostsync-explicit-sync.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class ExplicitSyncCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace hostsync
