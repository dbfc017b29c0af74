// hostsync-thrust-sync-policy: Thrust algorithms whose result stays on the device, called
// with a synchronous execution policy (the default, thrust::device, thrust::cuda::par): each
// waits for the GPU before it returns.
// Documentation: docs/rules/hostsync-thrust-sync-policy.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class ThrustSyncPolicyCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void reportCall(const clang::CallExpr *Call);
};

} // namespace hostsync
