#include "checks/ThrustHostResultCheck.h"

#include "match/CudaCalls.h"
#include "match/TensorMatchers.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

void ThrustHostResultCheck::registerMatchers(MatchFinder *Finder) {
  // Algorithms whose result (a value, an iterator, a bool) the host receives.
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName(
                   "::thrust::reduce", "::thrust::transform_reduce", "::thrust::inner_product",
                   "::thrust::count", "::thrust::count_if", "::thrust::min_element",
                   "::thrust::max_element", "::thrust::minmax_element", "::thrust::find",
                   "::thrust::find_if", "::thrust::find_if_not", "::thrust::all_of",
                   "::thrust::any_of", "::thrust::none_of", "::thrust::equal",
                   "::thrust::is_sorted", "::thrust::is_partitioned", "::thrust::mismatch"))))
          .bind("algorithm"),
      this);
  // thrust::copy out of device memory into host memory.
  Finder->addMatcher(callExpr(callee(functionDecl(hasName("::thrust::copy")))).bind("copy"), this);
  // dv[i]: a device_reference, read or written through a one-element copy.
  Finder->addMatcher(cxxOperatorCallExpr(
                         hasOverloadedOperatorName("[]"),
                         hasArgument(0, hasType(cxxRecordDecl(hasName("::thrust::device_vector")))))
                         .bind("element"),
                     this);
  // host_vector / std::vector built from a device_vector.
  Finder->addMatcher(cxxConstructExpr(hasDeclaration(cxxConstructorDecl(ofClass(cxxRecordDecl(
                                          hasAnyName("::thrust::host_vector", "::std::vector"))))))
                         .bind("construct"),
                     this);
}

void ThrustHostResultCheck::check(const MatchFinder::MatchResult &Result) {
  auto Report = [&](const Expr *At, const std::string &Op, const std::string &What) {
    report(At, opLocation(At), Op, Device::Cuda, What);
  };
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("algorithm")) {
    if (!anyThrustDeviceArgument(Call))
      return;
    std::string Name = "thrust::" + Call->getDirectCallee()->getName().str();
    Report(Call, Name,
           "'" + Name +
               "' on device data returns its result to the host: it waits for the "
               "kernels queued before it, then copies the result back");
  } else if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("copy")) {
    // copy(first, last, result): device input, host output.
    if (Call->getNumArgs() < 3)
      return;
    unsigned Out = Call->getNumArgs() - 1, In = Out - 2;
    if (isThrustDeviceSide(Call->getArg(In)) && !isThrustDeviceSide(Call->getArg(Out)))
      Report(Call, "thrust::copy",
             "'thrust::copy' from device memory into host memory is a blocking device-to-host "
             "copy");
  } else if (const auto *Op = Result.Nodes.getNodeAs<CXXOperatorCallExpr>("element")) {
    Report(Op, "device_vector[]",
           "reading or writing one element of a thrust::device_vector is a blocking "
           "one-element copy between host and device");
  } else if (const auto *C = Result.Nodes.getNodeAs<CXXConstructExpr>("construct")) {
    if (C->getNumArgs() == 0 || !isThrustDeviceSide(C->getArg(0)))
      return;
    Report(C, "host_vector(device_vector)",
           "building a host vector from device data is a blocking device-to-host copy");
  }
}

} // namespace hostsync
