// Does an expression hold code that does not compile (a file analysed with gaps)? Not merely
// a use of a variable whose initializer did not compile: Clang 22 marks such a use
// contains-errors too (Clang 14 does not), but the use is code that compiles, and the
// variable may be known otherwise (a from_blob over a missing library's type). One answer for
// every place that asks, so both LLVM versions decide alike.
#pragma once

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

namespace hostsync {

inline bool errorsOfItsOwn(const clang::Expr *E) {
  if (!E || !E->containsErrors())
    return false;
  if (clang::isa<clang::RecoveryExpr>(E))
    return true;
  if (const auto *Ref = clang::dyn_cast<clang::DeclRefExpr>(E))
    return !clang::isa<clang::VarDecl>(Ref->getDecl());
  for (const clang::Stmt *Child : E->children())
    if (errorsOfItsOwn(clang::dyn_cast_or_null<clang::Expr>(Child)))
      return true;
  return false;
}

} // namespace hostsync
