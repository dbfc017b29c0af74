// hostsync-unique: _unique, _unique2, unique_consecutive, unique_dim.
// Documentation: docs/rules/hostsync-unique.md
#pragma once

#include "core/RuleCheck.h"

namespace hostsync {

class UniqueCheck : public RuleCheck {
public:
  using RuleCheck::RuleCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
};

} // namespace hostsync
