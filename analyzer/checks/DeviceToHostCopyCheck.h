// hostsync-device-to-host-copy: .cpu(), .to(kCPU) and copy_ into a host tensor without
// non_blocking. Documentation: docs/rules/hostsync-device-to-host-copy.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class DeviceToHostCopyCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace hostsync
