// In CUDA code, a tensor whose data a kernel launch takes is on the GPU: the kernel reads
// it through the pointer (`kernel<<<g, b>>>(x.data_ptr<float>(), ...)`, or an accessor
// from `x.packed_accessor32<...>()`), and a host pointer there would fault. That is the
// evidence an extension's `.cu` file gives for tensors it never checks with is_cuda().
// It holds for the variable in its whole function when the variable is never assigned
// after its declaration (then it names one tensor throughout).
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

namespace hostsync {

class KernelLaunches {
public:
  // The data-pointer call that a kernel launch of V's function passes, for a variable
  // never reassigned; null when there is none.
  const clang::Expr *launchedWith(const clang::VarDecl *V);

private:
  void index(const clang::FunctionDecl *F);
  llvm::DenseMap<const clang::FunctionDecl *, bool> Indexed;
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> Launched;
  llvm::DenseMap<const clang::VarDecl *, bool> Reassigned;
};

} // namespace hostsync
