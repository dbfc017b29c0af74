#include "checks/UniqueCheck.h"

#include "match/TensorMatchers.h"
#include "model/SyncTable.h"
#include "rules/RuleIds.h"

using namespace clang::ast_matchers;

namespace hostsync {

void UniqueCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(matchers::torchOpCall(cppSyncOps(rule::Unique)).bind("call"), this);
}

void UniqueCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<clang::CallExpr>("call");
  auto Op = asOpCall(Call);
  if (!Op || !Op->Self)
    return;
  Device Where = deviceOf(Op->Self);
  report(Call, opLocation(Call), Op->Name, Where,
         "'" + Op->Name.str() + "' on " + tensorPhrase(Where) +
             " synchronizes: the host must read the number of distinct values to size "
             "the result");
}

} // namespace hostsync
