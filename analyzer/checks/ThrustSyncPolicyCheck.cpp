#include "checks/ThrustSyncPolicyCheck.h"

#include "match/CudaCalls.h"
#include "match/TensorMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

namespace {
// Does the call pass thrust::cuda::par_nosync (or a policy built on it, such as RMM's
// exec_policy_nosync)? Its type is execute_on_stream_nosync(_base).
bool passesNoSyncPolicy(const CallExpr *Call) {
  for (const Expr *A : Call->arguments())
    if (A->IgnoreParenImpCasts()->getType().getCanonicalType().getAsString().find("nosync") !=
        std::string::npos)
      return true;
  return false;
}
} // namespace

void ThrustSyncPolicyCheck::registerMatchers(MatchFinder *Finder) {
  // Algorithms whose output is device memory of a size known before they run: nothing
  // needs the host to wait, but Thrust synchronizes at the end of each unless told not to.
  // (Those that return a value to the host are hostsync-thrust-host-result's; copy_if,
  // remove_if, unique... return an end iterator, which needs the count.)
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName(thrustDeviceAlgorithms())))).bind("algorithm"), this);
}

void ThrustSyncPolicyCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("algorithm");
  if (!Call || !Call->getDirectCallee() || passesNoSyncPolicy(Call))
    return;
  // Every memory argument on the device (a copy into host memory is the host-result
  // rule's, one out of host memory the host's own data). Under a device policy
  // (thrust::device, thrust::cuda::par) every pointer is a device pointer.
  if (Call->getNumArgs() > 0 && isThrustDevicePolicy(Call->getArg(0))) {
    reportCall(Call);
    return;
  }
  // Counting and constant iterators belong to no system: an algorithm that reads only
  // those (and device memory) dispatches to the device system.
  unsigned Memory = 0, OnDevice = 0, AnySystem = 0;
  for (const Expr *A : Call->arguments()) {
    std::string S = A->IgnoreParenImpCasts()->getType().getCanonicalType().getAsString();
    if (S.find("thrust::counting_iterator") != std::string::npos ||
        S.find("thrust::constant_iterator") != std::string::npos) {
      ++AnySystem;
      continue;
    }
    bool Iterator = S.find("iterator") != std::string::npos ||
                    S.find("device_ptr") != std::string::npos ||
                    A->IgnoreParenImpCasts()->getType()->isPointerType();
    Memory += Iterator;
    OnDevice += Iterator && isThrustDeviceSide(A);
  }
  if (OnDevice != Memory || (OnDevice == 0 && AnySystem == 0))
    return;
  reportCall(Call);
}

void ThrustSyncPolicyCheck::reportCall(const CallExpr *Call) {
  std::string Name = "thrust::" + Call->getDirectCallee()->getName().str();
  report(Call, opLocation(Call), Name, Device::Cuda,
         "'" + Name +
             "' with a synchronous execution policy (the default, thrust::device or "
             "thrust::cuda::par) waits for the GPU to finish before it returns, although its "
             "result stays on the device");
}

} // namespace hostsync
