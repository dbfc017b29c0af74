// "Which value does this variable hold here?" — the last assignment before a use, in
// source order within the variable's function. Straight-line code (the common case in
// training steps) is exact. A variable assigned in both branches of an if/else and used
// after it holds either value: no single value is given then.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

#include <vector>

namespace hostsync {

class Definitions {
public:
  explicit Definitions(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  // The value last stored into Var before Use, or null (a member, no assignment in view, or
  // either branch's value). Initial, when given, says that Var is a parameter that nothing
  // was assigned to before Use: it still holds what the caller passed.
  const clang::Expr *lastBefore(const clang::VarDecl *Var, clang::SourceLocation Use,
                                bool *Initial = nullptr);

  struct Def {
    clang::SourceLocation Done; // where the assignment has taken effect (its end)
    const clang::Expr *Value;
    const clang::IfStmt *If = nullptr; // the innermost if whose branch holds it
    bool InElse = false;
  };

private:
  void indexBody(const clang::Stmt *Body);
  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::Stmt *, bool> Indexed;
  llvm::DenseMap<const clang::VarDecl *, std::vector<Def>> Defs;
};

} // namespace hostsync
