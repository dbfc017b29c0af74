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
      callExpr(callee(functionDecl(hasAnyName(thrustValueAlgorithms())))).bind("algorithm"), this);
  // Algorithms whose output's length depends on the data: the end iterator they return
  // holds the count, which the host can only have once the kernels are done.
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName(thrustLengthAlgorithms())))).bind("length"), this);
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
  const auto *Value = Result.Nodes.getNodeAs<CallExpr>("algorithm");
  const auto *Length = Result.Nodes.getNodeAs<CallExpr>("length");
  if (const CallExpr *Call = Value ? Value : Length) {
    if (!anyThrustDeviceArgument(Call))
      return;
    std::string Name = "thrust::" + Call->getDirectCallee()->getName().str();
    Report(Call, Name,
           "'" + Name +
               (Value ? "' on device data returns its result to the host: it waits for the "
                        "kernels queued before it, then copies the result back"
                      : "' on device data returns the end of its output, whose place depends "
                        "on the data: the host waits for the kernels, then copies the count "
                        "back"));
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
