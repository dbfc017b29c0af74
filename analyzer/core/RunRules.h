// Runs the enabled rules over one parsed translation unit: the step both front ends share
// (hostsync-lint's consumer and the clang-tidy module's check). Only the user's top-level
// declarations are traversed; LibTorch's headers are skipped.
#pragma once

#include "model/ProjectCall.h"
#include "model/Finding.h"
#include "core/RuleCheck.h"

#include "clang/AST/ASTContext.h"

#include <string>
#include <vector>

namespace hostsync {

struct RulesResult {
  std::vector<Finding> Findings;
  std::vector<std::string> SourceErrors; // unmatched NOLINTBEGIN/END
  TUFacts Facts;                         // for the project pass (model/DeviceFacts.h)
  std::vector<ProjectCall> Calls;        // for its syncs inside calls (model/CallFindings.h)
};

// The top-level declarations outside system headers (what the rules look at).
std::vector<clang::Decl *> userDecls(clang::ASTContext &Ctx);

// Runs the rules of Checks (a registration list) that EnabledRules names. Sets the AST's
// traversal scope to TopLevel while they run, and restores the whole translation unit
// afterwards.
RulesResult runRules(clang::ASTContext &Ctx, const std::vector<clang::Decl *> &TopLevel,
                     const std::vector<RegisteredRule> &Checks,
                     const std::vector<std::string> &EnabledRules, AssumeDevice Assume);

} // namespace hostsync
