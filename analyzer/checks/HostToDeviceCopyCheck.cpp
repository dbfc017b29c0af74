#include "checks/HostToDeviceCopyCheck.h"

#include "match/TensorMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

void HostToDeviceCopyCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(matchers::torchOpCall({"cuda", "to", "tensor"}).bind("call"), this);
  Finder->addMatcher(matchers::tensorIndexCall().bind("index"), this);
  Finder->addMatcher(matchers::tensorValueAssign().bind("assign"), this);
}

// A copy from the host syncs for sure; from an unknown place it may be a no-op.
static Device syncIfFrom(Device Source) {
  return Source == Device::Cpu    ? Device::Cuda
         : Source == Device::Cuda ? Device::Cpu
                                  : Device::Unknown;
}

void HostToDeviceCopyCheck::check(const MatchFinder::MatchResult &Result) {
  // `gpu[i] = host[j]`: an element (or slice) of a CUDA tensor given values from the host.
  if (const auto *Assign = Result.Nodes.getNodeAs<CXXOperatorCallExpr>("assign")) {
    if (deviceOf(Assign->getArg(1)) != Device::Cpu)
      return;
    Device Where = deviceOf(Assign->getArg(0));
    report(Assign, opLocation(Assign), "tensor[i] = host", Where,
           "assigning a host tensor into an element or slice of " + tensorPhrase(Where) +
               " copies it to the GPU with a blocking copy, once per assignment",
           "build the values on the host and copy them once (non_blocking from pinned "
           "memory), or compute them on the GPU");
    return;
  }
  if (const auto *E = Result.Nodes.getNodeAs<Expr>("index")) {
    auto Index = asIndexCall(E);
    if (!Index)
      return;
    Device Target = deviceOf(Index->Self);
    if (Target == Device::Cpu)
      return;
    if (writesScalarElement(*Index)) {
      report(E, opLocation(E), "index_put_({i, j}, scalar)", Target,
             "index_put_ of a scalar into one element of " + tensorPhrase(Target) +
                 " builds the scalar on the host and copies it with a blocking copy, once per "
                 "call",
             "fill the values on the host and copy the tensor once, or build it on the device "
             "from tensors (torch::stack of device scalars)");
      return;
    }
    for (const Expr *El : Index->Elements) {
      if (!isTensorType(El->getType()) || facts().isMask(El) == Answer::Yes)
        continue; // masks are hostsync-bool-mask-index's
      if (deviceOf(El) == Device::Cpu) {
        report(E, El->getBeginLoc(), "index(host index)", Target,
               "indexing " + tensorPhrase(Target) +
                   " with a host index tensor copies the index to the GPU and waits for it");
        return;
      }
      // x.index_put_({idx}, 1.0): the scalar value is copied to the device, blocking.
      if (Index->IsPut && Index->Value && !isTensorType(Index->Value->getType())) {
        report(E, opLocation(E), "index_put_({index}, scalar)", Target,
               "index_put_ of a scalar through an index tensor into " + tensorPhrase(Target) +
                   " copies the scalar to the GPU with a blocking copy; use "
                   "index_fill_ or a device tensor value");
        return;
      }
    }
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  auto Op = asOpCall(Call);
  if (!Op)
    return;
  if (Op->Name == "tensor") { // torch::tensor({1, 2, 3}, torch::kCUDA)
    if (Op->Self || Op->Args.size() < 2)
      return;
    // The options, not the values: `torch::tensor({x.size(0)}, opts)` reads no device from x.
    // Options naming a device that may be CUDA (`x.options()`, `.device(device_)`) are the
    // same copy as `.to(device_)` of a host tensor, reported as "unknown" like it.
    std::optional<Device> Named;
    for (const Expr *A : llvm::ArrayRef<const Expr *>(Op->Args).drop_front())
      if (auto D = facts().namedDevice(A))
        Named = Named ? combine(*Named, *D) : *D;
    if (!Named || *Named == Device::Cpu)
      return;
    report(
        Call, opLocation(Call), "tensor({...}, cuda)", *Named,
        std::string("building ") +
            (*Named == Device::Cuda ? "a CUDA tensor" : "a tensor on a device that may be CUDA") +
            " from host values copies them with a blocking host-to-device copy; build it "
            "once outside the loop, or on the host and copy with non_blocking=true");
    return;
  }
  if (!Op->IsMethod || !Op->Self || facts().isEmpty(Op->Self))
    return; // a copy of no element copies nothing (copy_ returns at once)
  if (Op->Name == "to") {
    std::optional<Device> Target = facts().copyTarget(*Op);
    // A copy to the host, a dtype cast, or asynchronous: not this rule's.
    if (!Target || *Target == Device::Cpu || passesNonBlocking(Call))
      return;
    if (*Target == Device::Unknown) { // `.to(device_)`: a device, but which one?
      // With the tensor not placed either (both sides unknown), the project pass may still
      // place them; what stays open is reported as any unknown device is (the policy for a
      // device nobody knows, model/FindingBuilder's reportsBothSidesUnknown).
      if (deviceOf(Op->Self) == Device::Cuda)
        return;
      report(Call, opLocation(Call), "to(device)", Device::Unknown,
             "'to(device)' of a tensor that may be on the host, to a device that may be "
             "CUDA, without non_blocking=true: a blocking host-to-device copy");
      return;
    }
  }
  Device Where = syncIfFrom(deviceOf(Op->Self));
  if (Where == Device::Unknown)
    invertDevice(); // the source's device, decided in another file, says whether it syncs
  std::string Spelled = Op->Name == "cuda" ? "cuda" : "to(kCUDA)";
  std::string From = Where == Device::Cuda ? "a host tensor" : "a tensor that may be on the host";
  report(Call, opLocation(Call), Spelled, Where,
         "'" + Spelled + "' of " + From +
             " without non_blocking=true blocks the host until the copy's stream has "
             "drained",
         "", nonBlockingFix(*Op));
}

// `R.index_put_({0, 1}, 2.5f)` on a CUDA R of rank 2: every index an integer, so the indexed
// view is one element. LibTorch builds the scalar as a CPU tensor for a CUDA self and, the
// sizes being equal, copy_()s it: a blocking host-to-device copy. Fewer integers than the rank
// leave a view of several elements, which fill_() sets from the scalar on the device.
bool HostToDeviceCopyCheck::writesScalarElement(const IndexCall &Index) {
  if (!Index.IsPut || !Index.Value || isTensorType(Index.Value->getType()) ||
      Index.Elements.empty())
    return false;
  for (const Expr *El : Index.Elements) // a bool index adds a dimension: not an element
    if (!El->getType()->isIntegerType() || El->getType()->isBooleanType())
      return false;
  std::optional<int> Dim = facts().knownDim(Index.Self);
  return Dim && *Dim == int(Index.Elements.size());
}

// `t.to(device)` of a pinned tensor: the same copy, queued instead of waited for. Only
// for the one-argument form, where the next parameter is non_blocking.
std::vector<FixItHint> HostToDeviceCopyCheck::nonBlockingFix(const OpCall &To) {
  if (To.Name != "to" || !facts().isPinned(To.Self) || To.Args.empty() ||
      isDefaultArg(To.Args.front()))
    return {};
  for (size_t I = 1; I < To.Args.size(); ++I)
    if (!isDefaultArg(To.Args[I]))
      return {};
  const auto *Params = To.Callee;
  if (!Params || Params->getNumParams() < 2 || Params->getParamDecl(1)->getName() != "non_blocking")
    return {};
  SourceLocation End = To.Args.front()->getEndLoc();
  if (End.isMacroID() || To.Call->getRParenLoc().isMacroID())
    return {};
  return {FixItHint::CreateInsertion(To.Call->getRParenLoc(), ", /*non_blocking=*/true")};
}

} // namespace hostsync
