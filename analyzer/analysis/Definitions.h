// "Which value does this variable hold here?" — the last assignment before a use, in
// source order within the variable's function. Straight-line code (the common case in
// training steps) is exact. A variable assigned in both branches of an if/else and used
// after it holds either value: both are given. A structured binding (`auto [a, b] = f();`)
// assigned later (`a = a.cpu();`) is followed the same way.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

#include <vector>

namespace hostsync {

// What a variable may hold at a use.
struct Reaching {
  // The values that may be the one here: one in straight-line code, two after an if/else
  // that assigns in both branches; none when no assignment is in view.
  std::vector<const clang::Expr *> Values;
  // A parameter that nothing was assigned to before the use: it still holds what the
  // caller passed.
  bool Initial = false;
  // The one value, or null when there are none or two.
  const clang::Expr *single() const { return Values.size() == 1 ? Values[0] : nullptr; }
};

class Definitions {
public:
  explicit Definitions(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  // What Var (a variable or a structured binding) holds at Use (Reaching); for a binding,
  // only what is assigned to it after the decomposition.
  Reaching reaching(const clang::ValueDecl *Var, clang::SourceLocation Use);
  // The one value last stored into Var before Use, or null (a member, no assignment in
  // view, or either branch's value).
  const clang::Expr *lastBefore(const clang::ValueDecl *Var, clang::SourceLocation Use) {
    return reaching(Var, Use).single();
  }

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
  llvm::DenseMap<const clang::ValueDecl *, std::vector<Def>> Defs;
};

} // namespace hostsync
