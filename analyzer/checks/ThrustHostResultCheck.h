// hostsync-thrust-host-result: Thrust algorithms on device data that return their result
// to the host, device_vector element access, and copies of device data to host memory.
// Documentation: docs/rules/hostsync-thrust-host-result.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class ThrustHostResultCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace hostsync
