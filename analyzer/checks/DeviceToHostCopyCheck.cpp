#include "checks/DeviceToHostCopyCheck.h"

#include "match/TensorMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

void DeviceToHostCopyCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(matchers::torchOpCall({"cpu", "to", "copy_", "fill_"}).bind("call"), this);
  Finder->addMatcher(matchers::tensorValueAssign().bind("assign"), this);
}

void DeviceToHostCopyCheck::check(const MatchFinder::MatchResult &Result) {
  // `host[i] = gpu[j]`: an element (or slice) of a host tensor given values from the GPU.
  if (const auto *Assign = Result.Nodes.getNodeAs<CXXOperatorCallExpr>("assign")) {
    if (deviceOf(Assign->getArg(0)) != Device::Cpu)
      return;
    Device Where = deviceOf(Assign->getArg(1));
    report(Assign, opLocation(Assign), "host[i] = tensor", Where,
           "assigning " + tensorPhrase(Where) +
               " into an element or slice of a host tensor copies it to the host and blocks "
               "until every kernel queued before it has finished, once per assignment",
           "copy the whole tensor to the host once (one .cpu() after the loop), then index "
           "the host copy");
    return;
  }
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
  } else if (Op->Name == "fill_") {
    // host.fill_(value) with a tensor value: LibTorch reads the value with .item() first.
    if (Op->Args.empty() || !isTensorType(Op->Args.front()->getType()) ||
        deviceOf(Op->Self) != Device::Cpu)
      return;
    Device Where = deviceOf(Op->Args.front());
    report(Call, opLocation(Call), "fill_", Where,
           "'fill_' of a host tensor with " + tensorPhrase(Where) +
               " reads the value to the host (as .item() does) and blocks until every kernel "
               "queued before it has finished",
           "fill on the value's device (torch::full_like or .fill_ of a tensor on that "
           "device), or copy the result once");
    return;
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
