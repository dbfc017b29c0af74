#include "checks/ItemCheck.h"

#include "match/TensorMatchers.h"

using namespace clang::ast_matchers;

namespace hostsync {

void ItemCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      matchers::torchOpCall({"item", "_local_scalar_dense", "is_nonzero"}).bind("call"), this);
}

void ItemCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<clang::CallExpr>("call");
  auto Op = asOpCall(Call);
  if (!Op || !Op->Self)
    return;
  Device Where = deviceOf(Op->Self);
  report(Call, opLocation(Call), Op->Name, Where,
         "'" + Op->Name.str() + "' copies a value of " + tensorPhrase(Where) +
             " to the host: the copy waits for every kernel queued before it");
}

} // namespace hostsync
