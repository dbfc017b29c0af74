#include "match/RewriteParts.h"

#include "match/TensorOps.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace hostsync {

const Expr *unwrapConversions(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreImplicit();
  while (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() != 1)
      break;
    E = CE->getArg(0)->IgnoreImplicit();
  }
  return E;
}

std::optional<int64_t> intConstant(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent() || isDefaultArg(E))
    return std::nullopt;
  E = unwrapConversions(E); // Scalar(3), optional<int64_t>(3)
  if (isa<CXXConstructExpr>(E))
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->getType()->isIntegralOrEnumerationType() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

bool isRepeatable(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return CE->getNumArgs() == 1 && isRepeatable(CE->getArg(0), Ctx);
  if (intConstant(E, Ctx) || isa<FloatingLiteral, CXXBoolLiteralExpr>(E))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) &&
           isRepeatable(U->getSubExpr(), Ctx);
  if (const auto *R = dyn_cast<DeclRefExpr>(E))
    return isa<VarDecl, EnumConstantDecl>(R->getDecl());
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl>(M->getMemberDecl()) &&
           (isa<CXXThisExpr>(M->getBase()->IgnoreImplicit()) || isRepeatable(M->getBase(), Ctx));
  return false;
}

std::vector<const Expr *> writtenArgs(const CallExpr *Call) {
  std::vector<const Expr *> Out;
  for (const Expr *A : Call->arguments())
    if (!isDefaultArg(A))
      Out.push_back(A);
  return Out;
}

FixItHint appendArgs(const CallExpr *Call, const std::string &Text) {
  return FixItHint::CreateInsertion(Call->getRParenLoc(),
                                    (writtenArgs(Call).empty() ? "" : ", ") + Text);
}

std::optional<std::vector<const Expr *>> bracedList(const Expr *Arg) {
  if (!Arg)
    return std::nullopt;
  const Expr *E = unwrapConversions(Arg); // ArrayRef(initializer_list)
  if (const auto *SI = dyn_cast<CXXStdInitializerListExpr>(E))
    E = SI->getSubExpr()->IgnoreImplicit();
  const auto *IL = dyn_cast<InitListExpr>(E);
  if (!IL)
    return std::nullopt;
  std::vector<const Expr *> Out(IL->inits().begin(), IL->inits().end());
  return Out;
}

std::optional<std::vector<const Expr *>> sizeListArg(const CallExpr *Call) {
  for (const Expr *A : writtenArgs(Call)) {
    std::string T = A->getType().getCanonicalType().getAsString();
    if (T.find("ArrayRef<long") != std::string::npos ||
        T.find("ArrayRef<int64_t") != std::string::npos)
      if (auto L = bracedList(A))
        return L;
  }
  return std::nullopt;
}

} // namespace hostsync
