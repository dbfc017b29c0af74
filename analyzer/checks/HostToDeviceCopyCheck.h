// hostsync-host-to-device-copy: blocking host-to-device copies, CUDA tensors built from host
// values, host index tensors. Documentation: docs/rules/hostsync-host-to-device-copy.md
#pragma once

#include "core/RuleCheck.h"
#include "match/TensorMatchers.h"
#include "match/TensorOps.h"

namespace hostsync {

class HostToDeviceCopyCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  std::vector<clang::FixItHint> nonBlockingFix(const OpCall &To);
  bool writesScalarElement(const IndexCall &Index);
};

} // namespace hostsync
