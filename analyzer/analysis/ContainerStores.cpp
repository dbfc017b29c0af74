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

// An object that holds copies of what it is built from: a tensor, or a standard tuple,
// pair, vector, array or optional of tensors held by value (`return {c_c, c_f};` builds a
// std::tuple<Tensor, Tensor> through its forwarding constructor, which takes `c_c` by
// non-const reference and copies it). A tuple of references (std::tie's) or pointers may
// store back into what it names; a copy cannot.
bool holdsCopies(QualType T) {
  if (T->isReferenceType() || T->isPointerType())
    return false;
  if (isTensorType(T))
    return true;
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T.getCanonicalType()->getAsCXXRecordDecl());
  if (!Spec || !carriesTensors(T))
    return false;
  auto ByValue = [](const TemplateArgument &A) {
    if (A.getKind() != TemplateArgument::Type)
      return true;
    QualType E = A.getAsType();
    return !E->isReferenceType() && !E->isPointerType() && (!carriesTensors(E) || holdsCopies(E));
  };
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray()) {
    if (A.getKind() != TemplateArgument::Pack && !ByValue(A))
      return false;
    if (A.getKind() == TemplateArgument::Pack)
      for (const TemplateArgument &P : A.pack_elements())
        if (!ByValue(P))
          return false;
  }
  return true;
}

// Drives the recorder over one body, for a function TUIndex's walk does not enter.
class BodyWalk : public RecursiveASTVisitor<BodyWalk> {
public:
  explicit BodyWalk(ContainerStoreRecorder &R) : R(R) {}
  bool VisitCXXForRangeStmt(CXXForRangeStmt *For) {
    R.forRange(For); // pre-order: before the loop variable and the body
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    R.varDecl(V);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    R.call(C);
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    R.memberCall(C);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    R.binaryOperator(B);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    R.construct(C);
    return true;
  }

private:
  ContainerStoreRecorder &R;
};

const Stmt *bodyOf(const VarDecl *Var) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  return F ? F->getBody() : nullptr;
}
} // namespace

void ContainerStoreRecorder::forRange(const CXXForRangeStmt *For) {
  const VarDecl *Loop = For->getLoopVariable();
  if (const VarDecl *V = named(For->getRangeInit()); V && Loop && mayStoreThrough(Loop->getType()))
    ElementOf[Loop->getCanonicalDecl()] = V;
}

void ContainerStoreRecorder::varDecl(const VarDecl *V) {
  // Another name for a container, its data or its elements.
  if (!V->getInit() || isa<ParmVarDecl>(V) || isCopyOrConstView(V->getType()))
    return;
  for (const VarDecl *Of : handedOff(V->getInit()))
    if (Of != V->getCanonicalDecl())
      unknown(Of, "`" + V->getName().str() + "`, which refers to its elements");
}

void ContainerStoreRecorder::memberCall(const CXXMemberCallExpr *C) {
  const CXXMethodDecl *M = C->getMethodDecl();
  const VarDecl *V = named(C->getImplicitObjectArgument());
  if (!M || !M->getIdentifier() || !V)
    return;
  StringRef N = M->getName();
  if (libraryCallIs(N, LibraryUse::AddsElement)) {
    if (C->getNumArgs() == 1 && isTensorType(C->getArg(0)->getType()))
      Out[V].Values.push_back(C->getArg(0));
    else if (C->getNumArgs() != 0)
      unknown(V, "a tensor `" + N.str() + "()` constructs in it");
  } else if (libraryCallIs(N, LibraryUse::PutsElements)) {
    for (const Expr *A : C->arguments()) {
      QualType T = A->getType();
      if (carriesTensors(T))
        Out[V].Values.push_back(A);
      else if (!T->isIntegralOrEnumerationType() && !isa<CXXDefaultArgExpr>(A) &&
               !(N == "insert" && A == C->getArg(0))) // the position
        unknown(V, "what `" + N.str() + "()` puts in it");
    }
  }
}

void ContainerStoreRecorder::binaryOperator(const BinaryOperator *B) {
  if (B->getOpcode() == BO_Assign)
    assigned(B->getLHS(), B->getRHS());
}

void ContainerStoreRecorder::call(const CallExpr *C) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2)
      assigned(Op->getArg(0), Op->getArg(1));
    // A free operator that takes it by non-const reference (`archive >> v`).
    const auto *F = dyn_cast_or_null<FunctionDecl>(Op->getCalleeDecl());
    if (F && !isa<CXXMethodDecl>(F))
      for (unsigned I = 0; I < Op->getNumArgs() && I < F->getNumParams(); ++I)
        if (const VarDecl *V = named(Op->getArg(I));
            V && mayStoreThrough(F->getParamDecl(I)->getType()))
          unknown(V, "an operator that may store into it");
    return;
  }
  // The container's own methods are memberCall's; their arguments may hand off others.
  const VarDecl *Self = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
    Self = named(MC->getImplicitObjectArgument());
  const FunctionDecl *F = C->getDirectCallee();
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    const Expr *A = C->getArg(I);
    for (const VarDecl *V : handedOff(A)) {
      if (V == Self)
        continue;
      if (isIteratorOf(A, V)) // std::copy(..., v.begin()) writes through a copy of it
        unknown(V, "a call that takes an iterator into it");
      else if (!F || I >= F->getNumParams())
        unknown(V, "a call the analysis cannot follow that takes it");
      else if (mayStoreThrough(F->getParamDecl(I)->getType()))
        Out[V].PassedOn.push_back({F, I, A});
    }
  }
}

void ContainerStoreRecorder::construct(const CXXConstructExpr *C) {
  const CXXRecordDecl *Made = C->getConstructor()->getParent();
  if (isLibTorchDecl(Made) && Made->getIdentifier() &&
      libraryCallIs(Made->getName(), LibraryUse::ViewsList))
    return; // a view that reads the container
  if (holdsCopies(C->getType()))
    return; // a copy of what it takes
  for (unsigned I = 0; I < C->getNumArgs(); ++I)
    if (I < C->getConstructor()->getNumParams() &&
        mayStoreThrough(C->getConstructor()->getParamDecl(I)->getType()))
      for (const VarDecl *V : handedOff(C->getArg(I)))
        unknown(V, "an object constructed with a reference to it");
}

// A variable of local storage that E names.
const VarDecl *ContainerStoreRecorder::named(const Expr *E) const {
  const auto *R = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  return V && !V->hasGlobalStorage() ? V->getCanonicalDecl() : nullptr;
}

// The container of v[i], v.at(i), v.front(), v.back(), p[i], *p, or of an element variable
// of a range-for.
const VarDecl *ContainerStoreRecorder::elementOf(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
    return Op->getOperator() == OO_Subscript ? named(Op->getArg(0)) : nullptr;
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(E))
    return M->getMethodDecl() && M->getMethodDecl()->getIdentifier() &&
                   libraryCallIs(M->getMethodDecl()->getName(), LibraryUse::RefersToElement)
               ? named(M->getImplicitObjectArgument())
               : nullptr;
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
    return named(S->getBase());
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Deref ? named(U->getSubExpr()) : nullptr;
  if (const auto *R = dyn_cast<DeclRefExpr>(E); R && isa<VarDecl>(R->getDecl())) {
    auto It = ElementOf.find(cast<VarDecl>(R->getDecl())->getCanonicalDecl());
    return It == ElementOf.end() ? nullptr : It->second;
  }
  return nullptr;
}

bool ContainerStoreRecorder::isIteratorOf(const Expr *A, const VarDecl *V) const {
  const auto *M = dyn_cast<CXXMemberCallExpr>(A->IgnoreParenImpCasts());
  return M && named(M->getImplicitObjectArgument()) == V && M->getMethodDecl() &&
         M->getMethodDecl()->getIdentifier() &&
         libraryCallIs(M->getMethodDecl()->getName(), LibraryUse::GivesIterator);
}

// The variables whose container an argument hands over: the container itself, its
// address, its data() or an element (a variable that is an element: it and its container).
ContainerStoreRecorder::Vars ContainerStoreRecorder::handedOff(const Expr *A) const {
  A = A->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(A); U && U->getOpcode() == UO_AddrOf)
    A = U->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(A);
      M && M->getMethodDecl() && M->getMethodDecl()->getIdentifier() &&
      libraryCallIs(M->getMethodDecl()->getName(), LibraryUse::HandsOutStorage))
    A = M->getImplicitObjectArgument()->IgnoreParenImpCasts();
  Vars Out;
  if (const VarDecl *V = named(A))
    Out.push_back(V);
  if (const VarDecl *V = elementOf(A); V && (Out.empty() || Out.front() != V))
    Out.push_back(V);
  return Out;
}

// An element assigned, or the tensor itself when the variable is a tensor handed off by
// reference (`fill(v[0])` reaches `void fill(Tensor &t) { t = ...; }`).
void ContainerStoreRecorder::assigned(const Expr *LHS, const Expr *RHS) {
  if (!isCopyOrConstView(LHS->getType()))
    for (const VarDecl *V : handedOff(RHS))
      if (elementOf(RHS) != V)
        unknown(V, "a pointer or iterator to it stored elsewhere"); // `member_ = &v`
  if (!carriesTensors(RHS->getType()))
    return;
  if (const VarDecl *V = elementOf(LHS))
    Out[V].Values.push_back(RHS);
  // A tensor, tuple or pair variable assigned whole (a reference parameter's stores are
  // what its callers' variables are filled with).
  if (const VarDecl *V = named(LHS); V && (isTensorType(V->getType()) || fillsWhole(V->getType())))
    Out[V].Values.push_back(RHS);
}

void ContainerStoreRecorder::unknown(const VarDecl *V, const std::string &Why) {
  std::string &First = Out[V].UnknownWhy;
  if (First.empty())
    First = Why;
}

bool fillsWhole(QualType T) {
  T = T.getNonReferenceType();
  return isStdTupleOrPair(T->getAsCXXRecordDecl()) && carriesTensors(T);
}

bool fillableThrough(QualType P) {
  return holdsStoredTensors(P) ||
         (P->isLValueReferenceType() && !P.getNonReferenceType().isConstQualified() &&
          (isTensorType(P.getNonReferenceType()) || fillsWhole(P)));
}

bool holdsStoredTensors(QualType T) {
  if (const auto *P = T.getNonReferenceType()->getAs<PointerType>())
    return isTensorType(P->getPointeeType()) && !P->getPointeeType().isConstQualified();
  return isTensorVector(T) && !T.getNonReferenceType().isConstQualified();
}

ContainerStores storesInBody(const VarDecl *Var) {
  const Stmt *Body = bodyOf(Var);
  if (!Body) {
    ContainerStores None;
    None.UnknownWhy = "a container outside any function";
    return None;
  }
  ContainerStoreRecorder::Map Stores;
  ContainerStoreRecorder Recorder(Stores);
  BodyWalk(Recorder).TraverseStmt(const_cast<Stmt *>(Body));
  auto It = Stores.find(Var->getCanonicalDecl());
  return It == Stores.end() ? ContainerStores() : It->second;
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
