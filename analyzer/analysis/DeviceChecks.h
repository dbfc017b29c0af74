// What the code's own checks say about where a variable's tensor lives at a use:
//   if (x.is_cuda()) { ...use... }            if (!x.device().is_cuda()) return ...;
//   TORCH_CHECK(x.is_cuda(), "x must be CUDA");  AT_ASSERTM(x.device().is_cuda(), ...);
//   CHECK_CUDA(x);  (an extension's macro around one of those)
// A failed TORCH_CHECK calls a [[noreturn]] function, so after it the condition holds, as
// after an `if (!cond) return;`. Extensions check their inputs this way before they launch
// kernels on them: it is the evidence their `.cu` files give.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>

namespace hostsync {

struct DeviceCheck {
  bool Cuda = false;               // the check says CUDA (else: the CPU)
  const clang::Expr *At = nullptr; // the condition that says so, for the reason
};

// The check that holds at this use of a variable, if any.
std::optional<DeviceCheck> checkedDevice(clang::ASTContext &Ctx, const clang::DeclRefExpr *Use);

} // namespace hostsync
