#include "checks/ScalarTensorIndexCheck.h"

#include "match/TensorMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

void ScalarTensorIndexCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(matchers::tensorIndexCall().bind("index"), this);
}

void ScalarTensorIndexCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *E = Result.Nodes.getNodeAs<Expr>("index");
  auto Index = asIndexCall(E);
  if (!Index)
    return;
  for (const Expr *El : Index->Elements) {
    if (!isTensorType(El->getType()) || !facts().isScalarIntTensor(El))
      continue;
    // The index tensor is what gets read back, wherever the indexed tensor lives.
    Device Where = deviceOf(El);
    report(E, El->getBeginLoc(), "index(0-dim tensor)", Where,
           "indexing with a 0-dim integer tensor calls item() on it: a hidden copy of " +
               tensorPhrase(Where) + " to the host");
    return;
  }
}

} // namespace hostsync
