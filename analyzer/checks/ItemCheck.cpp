#include "checks/ItemCheck.h"

#include "match/TensorMatchers.h"
#include "model/SyncTable.h"
#include "rules/RuleIds.h"

using namespace clang::ast_matchers;

namespace hostsync {

namespace {
// The ops that copy one value to the host (the sync table's rows of this rule), and normal(),
// whose std tensor ATen checks with item<bool>() (a read of an argument: checked below).
std::vector<std::string> namesWithNormal() {
  std::vector<std::string> Names = cppSyncOps(rule::Item);
  Names.push_back("normal");
  return Names;
}
} // namespace

void ItemCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(matchers::torchOpCall(namesWithNormal()).bind("call"), this);
}

// `torch::normal(mean, std)` with a tensor std checks `std.min().ge(0).item<bool>()` inside
// ATen (CHECK_NORMAL_TENSOR_STD) before it samples: the same read, hidden in the call.
void ItemCheck::checkNormal(const OpCall &Op) {
  if (Op.IsMethod || !Op.Callee) // Tensor::normal_ takes doubles
    return;
  const clang::Expr *Std = nullptr;
  for (unsigned I = 0; I < Op.Call->getNumArgs() && I < Op.Callee->getNumParams(); ++I)
    if (Op.Callee->getParamDecl(I)->getName() == "std" &&
        isTensorType(Op.Call->getArg(I)->getType()))
      Std = Op.Call->getArg(I);
  if (!Std)
    return;
  Device Where = deviceOf(Std);
  report(Op.Call, opLocation(Op.Call), "normal(mean, std tensor)", Where,
         "'normal' with a tensor std checks std >= 0 with item<bool>() inside ATen: it copies "
         "a value of " +
             tensorPhrase(Where) + " to the host and waits for every kernel queued before it",
         "sample as mean + std * torch::randn_like(mean), which checks nothing on the host");
}

void ItemCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<clang::CallExpr>("call");
  auto Op = asOpCall(Call);
  if (Op && Op->Name == "normal") {
    checkNormal(*Op);
    return;
  }
  if (!Op || !Op->Self)
    return;
  Device Where = deviceOf(Op->Self);
  report(Call, opLocation(Call), Op->Name, Where,
         "'" + Op->Name.str() + "' copies a value of " + tensorPhrase(Where) +
             " to the host: the copy waits for every kernel queued before it");
}

} // namespace hostsync
