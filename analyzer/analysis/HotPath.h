// Ranks a finding hot or cold. Hot: inside a loop; in forward() of a torch::nn::Module
// subclass; or in a function reached (transitively, in this TU) from a loop or a forward().
// Cold: everything else (constructors, straight-line main, set-up code).
#pragma once

#include "core/Finding.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"

#include <string>
#include <vector>

namespace hostsync {

struct RankResult {
  Rank Value = Rank::Cold;
  std::string Reason;
};

class HotPath {
public:
  // Builds the TU's call graph over the given top-level declarations.
  HotPath(clang::ASTContext &Ctx, const std::vector<clang::Decl *> &TopLevel);
  RankResult rankOf(const clang::Stmt *S);
  // The function (or lambda's call operator) that contains S.
  const clang::FunctionDecl *enclosingFunction(const clang::Stmt *S);

private:
  // Is S inside the body (or condition) of a loop, before reaching its function?
  bool inLoop(const clang::Stmt *S);
  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::FunctionDecl *, std::string> HotReason;
};

} // namespace hostsync
