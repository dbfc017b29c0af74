// Ranks a finding hot, periodic or cold. Hot: inside a loop; in forward() of a
// torch::nn::Module subclass; or in a function reached (transitively, in this TU) from a
// loop or a forward(). Periodic: in a loop, but under a guard that lets it run once every
// N iterations (`if (step % log_every == 0)`, `if (step % N != 0) continue;`), or in a
// function reached only from such code. Cold: everything else (constructors, straight-line
// main, set-up code).
#pragma once

#include "analysis/TUIndex.h"
#include "model/Finding.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace hostsync {

struct RankResult {
  Rank Value = Rank::Cold;
  std::string Reason;
  std::optional<int64_t> Period; // periodic with a constant period: N
};

class HotPath {
public:
  // Reads the TU's call graph from its index.
  HotPath(clang::ASTContext &Ctx, const TUIndex &Index);
  RankResult rankOf(const clang::Stmt *S);
  // The function (or lambda's call operator) that contains S.
  const clang::FunctionDecl *enclosingFunction(const clang::Stmt *S);

private:
  // Where S sits in its function: inside the body (or condition) of a loop, and under a
  // periodic guard that a loop encloses (the guard's N, else null).
  struct LoopPlace {
    bool InLoop = false;
    const clang::Expr *Period = nullptr;
  };
  LoopPlace loopPlace(const clang::Stmt *S);
  // A periodic rank with N's value (or its text) in the reason; Where: "in main()".
  RankResult periodic(const clang::Expr *N, const std::string &Where, bool Called);
  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::FunctionDecl *, std::string> HotReason;
  llvm::DenseMap<const clang::FunctionDecl *, RankResult> PeriodicReason;
};

} // namespace hostsync
