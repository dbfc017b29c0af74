#include "match/TensorMatchers.h"
#include "compat/LLVMCompat.h"

using namespace clang;

namespace hostsync {

std::optional<IndexCall> asIndexCall(const Expr *E) {
  IndexCall R;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() != OO_Subscript || Op->getNumArgs() != 2)
      return std::nullopt;
    R.Self = Op->getArg(0);
    R.Elements = indexElements(Op->getArg(1));
    return R;
  }
  auto Call = asOpCall(E);
  if (!Call || !Call->Self || Call->Args.empty())
    return std::nullopt;
  R.Self = Call->Self;
  R.Elements = indexElements(Call->Args[0]);
  if (compat::startsWith(Call->Name, "index_put")) {
    R.IsPut = true;
    R.Value = Call->Args.size() > 1 ? Call->Args[1] : nullptr;
  }
  return R;
}

const Expr *argForParam(const CallExpr *Call, StringRef Param) {
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F)
    return nullptr;
  unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(F) ? 1 : 0;
  for (unsigned I = 0; I < F->getNumParams(); ++I)
    if (F->getParamDecl(I)->getName() == Param && I + Shift < Call->getNumArgs())
      return Call->getArg(I + Shift);
  return nullptr;
}

bool passesNonBlocking(const CallExpr *Call) {
  const Expr *A = argForParam(Call, "non_blocking");
  if (!A || isDefaultArg(A))
    return false;
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(A->IgnoreParenImpCasts()))
    return B->getValue();
  if (const auto *I = dyn_cast<IntegerLiteral>(A->IgnoreParenImpCasts()))
    return I->getValue() != 0;
  return true; // a variable: the caller decides at run time, give it the benefit
}

SourceLocation opLocation(const Expr *E) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParenImpCasts()))
      return ME->getMemberLoc();
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
    // x[i]: clang points subscripts at the indexed expression; other operators at the
    // operator itself (std::cout << t).
    return Op->getOperator() == OO_Subscript ? Op->getBeginLoc() : Op->getOperatorLoc();
  if (const auto *C = dyn_cast<CallExpr>(E))
    if (const auto *R = dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
      return R->getLocation();
  return E->getBeginLoc();
}

} // namespace hostsync
