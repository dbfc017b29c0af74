// Guards that let code run once every N iterations of a loop (`if (step % N == 0)`,
// `if (step % N != 0) continue;`): what ranks a finding "periodic" rather than hot. Read by
// TUIndex's walk (for calls) and by HotPath (for the statement of a finding).
#pragma once

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"

namespace hostsync {

// A condition that holds once every N values of a counter: `i % N == k`, `k == i % N`,
// `!(i % N)`, or one of them joined by && with anything. Its N, else null.
const clang::Expr *periodWhenTrue(const clang::Expr *Cond);
// A condition that fails once every N values: `i % N != k`, `i % N` as a truth value, or one
// of them joined by || with anything.
const clang::Expr *periodWhenFalse(const clang::Expr *Cond);
// `continue;`, alone or as a block's only statement.
bool isContinue(const clang::Stmt *S);
// A periodic guard between Parent and its child C: C is the branch of an if whose condition
// is periodic, or follows `if (<fails once every N>) continue;` in a block. Its N, else null.
const clang::Expr *guardBetween(const clang::DynTypedNode &Parent, const clang::Stmt *C);

} // namespace hostsync
