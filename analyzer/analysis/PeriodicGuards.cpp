#include "analysis/PeriodicGuards.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace hostsync {

namespace {
// The N of `i % N`, else null.
const Expr *remainderDivisor(const Expr *E) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return B && B->getOpcode() == BO_Rem ? B->getRHS() : nullptr;
}

// The N of `i % N` compared by Compare (either side), or of Whole's answer for either
// operand of a Join; else null.
const Expr *comparedPeriod(const Expr *Cond, BinaryOperatorKind Join, BinaryOperatorKind Compare,
                           const Expr *(*Whole)(const Expr *)) {
  const auto *B = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!B || (B->getOpcode() != Join && B->getOpcode() != Compare))
    return nullptr;
  auto Side = [&](const Expr *E) {
    return B->getOpcode() == Join ? Whole(E) : remainderDivisor(E);
  };
  const Expr *N = Side(B->getLHS());
  return N ? N : Side(B->getRHS());
}
} // namespace

const Expr *periodWhenTrue(const Expr *Cond) {
  if (const Expr *N = comparedPeriod(Cond, BO_LAnd, BO_EQ, periodWhenTrue))
    return N;
  const auto *U = dyn_cast<UnaryOperator>(Cond->IgnoreParenImpCasts());
  return U && U->getOpcode() == UO_LNot ? remainderDivisor(U->getSubExpr()) : nullptr;
}

const Expr *periodWhenFalse(const Expr *Cond) {
  const Expr *N = comparedPeriod(Cond, BO_LOr, BO_NE, periodWhenFalse);
  return N ? N : remainderDivisor(Cond);
}

bool isContinue(const Stmt *S) {
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
    return C->size() == 1 && isContinue(C->body_front());
  return isa_and_nonnull<ContinueStmt>(S);
}

const Expr *guardBetween(const DynTypedNode &Parent, const Stmt *C) {
  if (!C)
    return nullptr;
  if (const auto *If = Parent.get<IfStmt>()) {
    if (C == If->getThen())
      return periodWhenTrue(If->getCond());
    if (C == If->getElse())
      return periodWhenFalse(If->getCond());
  }
  if (const auto *Block = Parent.get<CompoundStmt>())
    for (const Stmt *Before : Block->body()) {
      if (Before == C)
        break;
      if (const auto *If = dyn_cast<IfStmt>(Before);
          If && !If->getElse() && isContinue(If->getThen()))
        if (const Expr *N = periodWhenFalse(If->getCond()))
          return N;
    }
  return nullptr;
}

} // namespace hostsync
