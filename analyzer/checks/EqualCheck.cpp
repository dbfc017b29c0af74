#include "checks/EqualCheck.h"

#include "match/TensorMatchers.h"
#include "model/SyncTable.h"
#include "rules/RuleIds.h"

using namespace clang::ast_matchers;

namespace hostsync {

void EqualCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(matchers::torchOpCall(cppSyncOps(rule::Equal)).bind("call"), this);
}

static const clang::ValueDecl *namedVar(const clang::Expr *E) {
  const auto *R = llvm::dyn_cast_or_null<clang::DeclRefExpr>(stripTensorExpr(E));
  return R ? R->getDecl() : nullptr;
}

void EqualCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<clang::CallExpr>("call");
  auto Op = asOpCall(Call);
  if (!Op || !Op->Self || Op->Args.empty())
    return;
  const clang::Expr *Other = Op->Args.front();
  // x.equal(x) is answered without looking at the data.
  if (namedVar(Op->Self) && namedVar(Op->Self) == namedVar(Other))
    return;
  Device A = deviceOf(Op->Self), B = deviceOf(Other);
  Device Where = (A == Device::Cuda || B == Device::Cuda) ? Device::Cuda
                 : (A == Device::Cpu && B == Device::Cpu) ? Device::Cpu
                                                          : Device::Unknown;
  report(Call, opLocation(Call), Op->Name, Where,
         "'" + Op->Name.str() + "' on " + tensorPhrase(Where) +
             " returns a host bool: the host waits for the comparison to finish");
}

} // namespace hostsync
