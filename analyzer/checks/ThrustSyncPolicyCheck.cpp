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
      callExpr(callee(functionDecl(hasAnyName(
                   "::thrust::for_each", "::thrust::for_each_n", "::thrust::transform",
                   "::thrust::fill", "::thrust::fill_n", "::thrust::sequence", "::thrust::tabulate",
                   "::thrust::sort", "::thrust::stable_sort", "::thrust::sort_by_key",
                   "::thrust::stable_sort_by_key", "::thrust::inclusive_scan",
                   "::thrust::exclusive_scan", "::thrust::transform_inclusive_scan",
                   "::thrust::transform_exclusive_scan", "::thrust::inclusive_scan_by_key",
                   "::thrust::exclusive_scan_by_key", "::thrust::gather", "::thrust::scatter",
                   "::thrust::replace", "::thrust::replace_if", "::thrust::reverse",
                   "::thrust::adjacent_difference", "::thrust::copy", "::thrust::copy_n"))))
          .bind("algorithm"),
      this);
}

void ThrustSyncPolicyCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("algorithm");
  if (!Call || !Call->getDirectCallee() || passesNoSyncPolicy(Call))
    return;
  // Every memory argument on the device (a copy into host memory is the host-result
  // rule's, one out of host memory the host's own data).
  unsigned Memory = 0, OnDevice = 0;
  for (const Expr *A : Call->arguments()) {
    std::string S = A->IgnoreParenImpCasts()->getType().getCanonicalType().getAsString();
    bool Iterator = S.find("iterator") != std::string::npos ||
                    S.find("device_ptr") != std::string::npos ||
                    A->IgnoreParenImpCasts()->getType()->isPointerType();
    Memory += Iterator;
    OnDevice += Iterator && isThrustDeviceSide(A);
  }
  if (OnDevice == 0 || OnDevice != Memory)
    return;
  std::string Name = "thrust::" + Call->getDirectCallee()->getName().str();
  report(Call, opLocation(Call), Name, Device::Cuda,
         "'" + Name +
             "' with a synchronous execution policy (the default, thrust::device or "
             "thrust::cuda::par) waits for the GPU to finish before it returns, although its "
             "result stays on the device");
}

} // namespace hostsync
