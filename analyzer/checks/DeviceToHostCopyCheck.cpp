#include "checks/DeviceToHostCopyCheck.h"

#include "match/TensorMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

void DeviceToHostCopyCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(matchers::torchOpCall({"cpu", "to", "copy_"}).bind("call"), this);
}

void DeviceToHostCopyCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  auto Op = asOpCall(Call);
  if (!Op || !Op->Self || !Op->IsMethod)
    return;
  std::string Spelled;
  const Expr *Source = Op->Self;
  if (Op->Name == "cpu") {
    Spelled = "cpu";
  } else if (Op->Name == "to") {
    std::optional<Device> Target = facts().copyTarget(*Op);
    if (Target != Device::Cpu || passesNonBlocking(Call))
      return; // a dtype cast, a copy to the GPU, or an asynchronous copy
    Spelled = "to(kCPU)";
  } else { // dst.copy_(src): a copy into a host tensor
    if (Op->Args.empty() || deviceOf(Op->Self) != Device::Cpu || passesNonBlocking(Call))
      return;
    Source = Op->Args.front();
    Spelled = "copy_";
  }
  Device Where = deviceOf(Source);
  report(Call, opLocation(Call), Spelled, Where,
         "'" + Spelled + "' copies " + tensorPhrase(Where) +
             " to the host and blocks until every kernel queued before it has finished");
}

} // namespace hostsync
