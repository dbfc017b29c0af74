#include "checks/NonzeroCheck.h"
#include "compat/LLVMCompat.h"

#include "match/TensorMatchers.h"
#include "model/SyncTable.h"
#include "rules/RuleIds.h"

using namespace clang::ast_matchers;

namespace hostsync {

void NonzeroCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(matchers::torchOpCall(cppSyncOps(rule::Nonzero)).bind("call"), this);
}

void NonzeroCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<clang::CallExpr>("call");
  auto Op = asOpCall(Call);
  if (!Op || !Op->Self)
    return;
  // Only where(cond) syncs; where(cond, a, b) is an elementwise select (the row's condition).
  const SyncOpRow *Row = syncOpOfCpp(Op->Name);
  if (Row && Row->When == SyncWhen::OneArgument && !Op->Args.empty())
    return;
  Device Where = deviceOf(Op->Self);
  report(Call, opLocation(Call), Op->Name, Where,
         "'" + Op->Name.str() + "' on " + tensorPhrase(Where) +
             " synchronizes: the host must read the number of nonzero elements to size "
             "the result",
         "", compat::endsWith(Op->Name, "_out") ? Rewrite() : assignOnlyFix(Call, Op->Self));
}

} // namespace hostsync
