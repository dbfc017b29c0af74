#include "analysis/ContainerStores.h"

#include "match/LibraryCalls.h"
#include "match/TensorOps.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hostsync {

namespace {
bool isTensorVector(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
  return Spec && Spec->isInStdNamespace() && Spec->getIdentifier() && Spec->getName() == "vector" &&
         Spec->getTemplateArgs().size() >= 1 &&
         Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
         isTensorType(Spec->getTemplateArgs()[0].getAsType());
}

// A parameter through which a callee may store into what the argument names.
bool mayStoreThrough(QualType P) {
  if (P->isLValueReferenceType() || P->isRValueReferenceType())
    return !P.getNonReferenceType().isConstQualified();
  if (const auto *Ptr = P->getAs<PointerType>())
    return !Ptr->getPointeeType().isConstQualified();
  return false;
}

// A variable that cannot store into what it is initialized from: a copy of a tensor or of
// a container of tensors, or a const reference or pointer.
bool isCopyOrConstView(QualType T) {
  if (T->isReferenceType() || T->isPointerType())
    return !mayStoreThrough(T);
  return isTensorType(T) || carriesTensors(T);
}

class StoreFinder : public RecursiveASTVisitor<StoreFinder> {
public:
  explicit StoreFinder(const VarDecl *Var) : Var(Var->getCanonicalDecl()) {}
  ContainerStores Out;

  bool VisitCXXForRangeStmt(CXXForRangeStmt *For) {
    const VarDecl *Loop = For->getLoopVariable();
    if (names(For->getRangeInit()) && Loop && mayStoreThrough(Loop->getType()))
      Elements.push_back(Loop->getCanonicalDecl());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) { // another name for the container, its data or elements
    if (V->getCanonicalDecl() != Var && V->getInit() && !isa<ParmVarDecl>(V) &&
        handedOff(V->getInit()) && !isCopyOrConstView(V->getType()))
      unknown("`" + V->getName().str() + "`, which refers to its elements");
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    const CXXMethodDecl *M = C->getMethodDecl();
    if (!M || !M->getIdentifier() || !names(C->getImplicitObjectArgument()))
      return true;
    StringRef N = M->getName();
    if (libraryCallIs(N, LibraryUse::AddsElement)) {
      if (C->getNumArgs() == 1 && isTensorType(C->getArg(0)->getType()))
        Out.Values.push_back(C->getArg(0));
      else if (C->getNumArgs() != 0)
        unknown("a tensor `" + N.str() + "()` constructs in it");
    } else if (libraryCallIs(N, LibraryUse::PutsElements)) {
      for (const Expr *A : C->arguments()) {
        QualType T = A->getType();
        if (carriesTensors(T))
          Out.Values.push_back(A);
        else if (!T->isIntegralOrEnumerationType() && !isa<CXXDefaultArgExpr>(A) &&
                 !(N == "insert" && A == C->getArg(0))) // the position
          unknown("what `" + N.str() + "()` puts in it");
      }
    }
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      assigned(B->getLHS(), B->getRHS());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
      if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2)
        assigned(Op->getArg(0), Op->getArg(1));
      // A free operator that takes it by non-const reference (`archive >> v`).
      const auto *F = dyn_cast_or_null<FunctionDecl>(Op->getCalleeDecl());
      if (F && !isa<CXXMethodDecl>(F))
        for (unsigned I = 0; I < Op->getNumArgs() && I < F->getNumParams(); ++I)
          if (names(Op->getArg(I)) && mayStoreThrough(F->getParamDecl(I)->getType()))
            unknown("an operator that may store into it");
      return true;
    }
    if (isa<CXXMemberCallExpr>(C) && names(cast<CXXMemberCallExpr>(C)->getImplicitObjectArgument()))
      return true; // the container's own methods: above
    const FunctionDecl *F = C->getDirectCallee();
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      const Expr *A = C->getArg(I);
      if (!handedOff(A))
        continue;
      if (isIterator(A)) // std::copy(..., v.begin()) writes through a copy of it
        unknown("a call that takes an iterator into it");
      else if (!F || I >= F->getNumParams())
        unknown("a call the analysis cannot follow that takes it");
      else if (mayStoreThrough(F->getParamDecl(I)->getType()))
        Out.PassedOn.push_back({F, I, A});
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    for (unsigned I = 0; I < C->getNumArgs(); ++I)
      if (handedOff(C->getArg(I)) && I < C->getConstructor()->getNumParams() &&
          mayStoreThrough(C->getConstructor()->getParamDecl(I)->getType()))
        unknown("an object constructed with a reference to it");
    return true;
  }

private:
  bool names(const Expr *E) const {
    const auto *R = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
    return R && R->getDecl()->getCanonicalDecl() == Var;
  }
  // v[i], v.at(i), v.front(), v.back(), p[i], *p, or an element variable of a range-for.
  bool isElementAccess(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
      return Op->getOperator() == OO_Subscript && names(Op->getArg(0));
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(E))
      return names(M->getImplicitObjectArgument()) && M->getMethodDecl() &&
             M->getMethodDecl()->getIdentifier() &&
             libraryCallIs(M->getMethodDecl()->getName(), LibraryUse::RefersToElement);
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
      return names(S->getBase());
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return U->getOpcode() == UO_Deref && names(U->getSubExpr());
    if (const auto *R = dyn_cast<DeclRefExpr>(E))
      for (const VarDecl *V : Elements)
        if (R->getDecl()->getCanonicalDecl() == V)
          return true;
    return false;
  }
  bool isIterator(const Expr *A) const {
    const auto *M = dyn_cast<CXXMemberCallExpr>(A->IgnoreParenImpCasts());
    return M && names(M->getImplicitObjectArgument()) && M->getMethodDecl() &&
           M->getMethodDecl()->getIdentifier() &&
           libraryCallIs(M->getMethodDecl()->getName(), LibraryUse::GivesIterator);
  }
  // The container itself, its address, its data() or an element, as an argument.
  bool handedOff(const Expr *A) const {
    A = A->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(A); U && U->getOpcode() == UO_AddrOf)
      A = U->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(A);
        M && M->getMethodDecl() && M->getMethodDecl()->getIdentifier() &&
        libraryCallIs(M->getMethodDecl()->getName(), LibraryUse::HandsOutStorage))
      A = M->getImplicitObjectArgument()->IgnoreParenImpCasts();
    return names(A) || isElementAccess(A);
  }
  // An element assigned, or the tensor itself when Var is a tensor handed off by reference
  // (`fill(v[0])` reaches `void fill(Tensor &t) { t = ...; }`).
  void assigned(const Expr *LHS, const Expr *RHS) {
    if (handedOff(RHS) && !isCopyOrConstView(LHS->getType()) && !isElementAccess(RHS))
      unknown("a pointer or iterator to it stored elsewhere"); // `member_ = &v`
    if ((isElementAccess(LHS) || (names(LHS) && isTensorType(Var->getType()))) &&
        carriesTensors(RHS->getType()))
      Out.Values.push_back(RHS);
  }
  void unknown(const std::string &Why) {
    if (Out.UnknownWhy.empty())
      Out.UnknownWhy = Why;
  }
  const VarDecl *Var;
  std::vector<const VarDecl *> Elements; // range-for variables that are its elements
};

const Stmt *bodyOf(const VarDecl *Var) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  return F ? F->getBody() : nullptr;
}
} // namespace

bool holdsStoredTensors(QualType T) {
  if (const auto *P = T.getNonReferenceType()->getAs<PointerType>())
    return isTensorType(P->getPointeeType()) && !P->getPointeeType().isConstQualified();
  return isTensorVector(T) && !T.getNonReferenceType().isConstQualified();
}

ContainerStores containerStores(ASTContext &Ctx, const VarDecl *Var) {
  const Stmt *Body = bodyOf(Var);
  StoreFinder Finder(Var);
  if (!Body) {
    Finder.Out.UnknownWhy = "a container outside any function";
    return Finder.Out;
  }
  // A range-for's variable is seen before its body (pre-order): its stores count.
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  // A statement that does not compile is gone from the AST, and may have stored into it.
  if (Ctx.getDiagnostics().hasErrorOccurred() && Finder.Out.UnknownWhy.empty())
    Finder.Out.UnknownWhy = "a file with code that does not compile, which may store into it";
  return Finder.Out;
}

TensorFacts::FactKey fillKey(const FunctionDecl *F, unsigned I) {
  TensorFacts::FactKey Arg = argumentKey(F, I);
  if (Arg.Key.empty())
    return {};
  return {factkey::fillKey(signature(F), I), "what " + Arg.Name + " is filled with"};
}

std::optional<std::vector<const Expr *>> containerConstructionParts(const Expr *E) {
  const auto *C = dyn_cast_or_null<CXXConstructExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!C || !isTensorVector(C->getType()))
    return std::nullopt;
  std::vector<const Expr *> Parts;
  for (const Expr *A : C->arguments()) {
    const Expr *Inner = A->IgnoreImplicit();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Inner))
      Inner = M->getSubExpr()->IgnoreImplicit();
    if (const auto *L = dyn_cast<CXXStdInitializerListExpr>(Inner)) {
      const Expr *List = L->getSubExpr()->IgnoreImplicit();
      if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(List))
        List = M->getSubExpr()->IgnoreImplicit();
      const auto *IL = dyn_cast<InitListExpr>(List);
      if (!IL)
        return std::nullopt;
      Parts.insert(Parts.end(), IL->inits().begin(), IL->inits().end());
    } else if (carriesTensors(A->getType())) {
      Parts.push_back(A);
    } else if (!isa<CXXDefaultArgExpr>(A) && !A->getType()->isIntegralOrEnumerationType()) {
      return std::nullopt; // iterators, an allocator given
    }
  }
  return Parts;
}

} // namespace hostsync
