// What counts as a loop for ranking. `do { ... } while (false)` runs once: it is how macros
// wrap statements (AT_ASSERTM, AT_ERROR, CUDA error checks), not a loop.
#pragma once

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

namespace hostsync {

inline bool runsOnce(const clang::DoStmt *Do) {
  const clang::Expr *Cond = Do->getCond();
  if (!Cond)
    return false;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *B = llvm::dyn_cast<clang::CXXBoolLiteralExpr>(Cond))
    return !B->getValue();
  if (const auto *I = llvm::dyn_cast<clang::IntegerLiteral>(Cond))
    return I->getValue() == 0;
  return false;
}

} // namespace hostsync
