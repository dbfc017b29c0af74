#include "checks/ClipGradNormCheck.h"

#include "match/TensorMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

void ClipGradNormCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasName("::torch::nn::utils::clip_grad_norm_")))).bind("call"),
      this);
}

void ClipGradNormCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  // The parameters' device is rarely visible here: it is the model's.
  Device Where = Device::Unknown;
  if (Call->getNumArgs() > 0)
    if (auto Named = facts().namedDevice(Call->getArg(0)))
      Where = *Named;
  report(Call, opLocation(Call), "clip_grad_norm_", Where,
         "'clip_grad_norm_' returns the total norm as a host double: the host waits for the "
         "backward pass to finish");
}

} // namespace hostsync
