// Does a statement that did not compile name a local variable? Clang drops such a statement
// from the AST, or keeps it as a RecoveryExpr the analysis does not read, so a store it made
// into the variable is out of view. A file with errors made every local variable that is
// filled by stores "unknown"; a variable whose every mention in its function's text is a
// reference the AST holds, outside any RecoveryExpr, cannot have been stored into unseen.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"

namespace hostsync {

class LostMentions {
public:
  explicit LostMentions(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  // True when V's function text names V where the AST holds no valid reference to it (or
  // the text cannot be read: a body spelled in a macro, spread over files).
  bool of(const clang::VarDecl *V);

private:
  bool compute(const clang::VarDecl *V);
  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::VarDecl *, bool> Cache;
};

} // namespace hostsync
