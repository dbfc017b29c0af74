// What the code's own checks say about where a variable's tensor lives at a use (issue 36:
// guards decide the device):
//   if (x.is_cuda()) { ...use... } else { ...use... }   x.is_cuda() ? use : use
//   if (x.device().type() == torch::kCPU) ...        if (!x.type().is_cuda()) return ...;
//   if (x.device() != at::kCUDA || !y.is_cuda()) throw ...;   x.is_cuda() && use
//   TORCH_CHECK(x.is_cuda(), "x must be CUDA");  AT_ASSERTM(x.device().is_cuda(), ...);
//   CHECK_CUDA(x); CHECK_CPU(x);  (an extension's macros around one of those)
//   if (x.is_cuda()) { return f_cuda(x); } AT_ERROR("...");   (else-less dispatch)
// A failed TORCH_CHECK calls a [[noreturn]] function, so after it the condition holds, as
// after an `if (!cond) return;`. A lambda's body sees the checks around it (AT_DISPATCH
// runs it in place). Extensions check their inputs this way before they launch kernels on
// them, and dispatch on them to their `_cpu` and `_cuda` halves: through the arguments of
// those calls, the project pass carries the check into the halves' parameters. A check goes
// stale where a value assigned after it reaches the use (`TORCH_CHECK(x.is_cpu()); x =
// x.cuda();`), or the use is in a loop that assigns the variable and does not hold the
// check.
#pragma once

#include "analysis/Definitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>

namespace hostsync {

struct DeviceCheck {
  bool Cuda = false;               // the check says CUDA (else: the CPU)
  const clang::Expr *At = nullptr; // the condition that says so, for the reason
};

// The check that holds at this use of a variable, if any (Defs: the reaching definitions
// that tell a stale check).
std::optional<DeviceCheck> checkedDevice(clang::ASTContext &Ctx, Definitions &Defs,
                                         const clang::DeclRefExpr *Use);

} // namespace hostsync
