// Who calls each function of the translation unit's own code, and whether every call of it
// is in view. Device inference uses it across function boundaries: a parameter holds what
// its callers pass, a call returns what the callee's return statements give.
//
// "Every call in view" is what lets an answer be "on the CPU" rather than "unknown": the
// function is declared in the main file only (no header offers it to other files), is not
// virtual, not a lambda, not a template, not a constructor or a method LibTorch's templates
// call (a module's forward, a dataset's get), and its address is never taken (no function
// pointer, std::function or std::bind can call it unseen). Without it, callers seen passing
// a CUDA tensor are still evidence that the function works on CUDA tensors.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <vector>

namespace hostsync {

class CallSites {
public:
  explicit CallSites(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  // The arguments passed for parameter Index of F, one per call or construction in the
  // translation unit's own code (default arguments included).
  std::vector<const clang::Expr *> argumentsFor(const clang::FunctionDecl *F, unsigned Index);
  // Does the translation unit hold every call of F (see above)?
  bool allCallsInView(const clang::FunctionDecl *F);

private:
  void index();
  clang::ASTContext &Ctx;
  bool Indexed = false;
  // Calls (CallExpr or CXXConstructExpr) by canonical callee.
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const clang::Expr *>> Calls;
  llvm::DenseSet<const clang::FunctionDecl *> AddressTaken;
};

} // namespace hostsync
