// What the CUDA-runtime rules need to know of a call: the direction its cudaMemcpyKind
// argument names, and whether a host pointer visibly points into pageable memory.
#pragma once

#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <string>

namespace hostsync {

enum class CopyKind { HostToHost, HostToDevice, DeviceToHost, DeviceToDevice, Default, Unknown };

// The kind a call passes (a cudaMemcpyKind enumerator written in the call, or the
// parameter's default); Unknown when it is computed.
CopyKind copyKindOf(const clang::CallExpr *Call);

// "a std::vector", "a stack array", "memory from new[]", "memory from malloc", "a local
// variable" when Ptr visibly points into pageable host memory; "" when it does not or when
// that cannot be seen (a parameter, a tensor's data_ptr(), pinned memory).
std::string pageableMemory(const clang::Expr *Ptr);

// Thrust: is the argument device memory or a device execution policy, told by its type's
// spelling (device_ptr and device_vector iterators, the vector itself by its allocator,
// thrust::device, thrust::cuda::par)? Does any argument of the call say so?
bool isThrustDeviceSide(const clang::Expr *E);
bool anyThrustDeviceArgument(const clang::CallExpr *Call);
// Thrust's algorithms ("::thrust::reduce"), by what a call does with the host: returns a
// value to it, returns the end of an output whose length depends on the data (the count
// comes back), or leaves its result on the device (and waits only by its policy).
const std::vector<llvm::StringRef> &thrustValueAlgorithms();
const std::vector<llvm::StringRef> &thrustLengthAlgorithms();
const std::vector<llvm::StringRef> &thrustDeviceAlgorithms();
// A Thrust execution policy of the device system: thrust::device, thrust::cuda::par(.on(s)).
bool isThrustDevicePolicy(const clang::Expr *E);

namespace matchers {
// Declared at global scope, extern "C" blocks included (where the runtime's API lives).
AST_MATCHER(clang::FunctionDecl, isGlobalFunction) {
  return Node.getDeclContext()->getRedeclContext()->isTranslationUnit();
}
// A call of a CUDA runtime or driver API function with one of these names.
inline auto cudaApiCall(llvm::ArrayRef<llvm::StringRef> Names) {
  using namespace clang::ast_matchers;
  return callExpr(callee(functionDecl(hasAnyName(Names), isGlobalFunction())));
}
} // namespace matchers

} // namespace hostsync
