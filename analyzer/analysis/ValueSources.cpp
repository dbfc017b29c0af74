#include "analysis/ValueSources.h"
#include "analysis/DeclKeys.h"

#include "match/DataLoaders.h"
#include "match/LibraryCalls.h"
#include "match/Modules.h"
#include "match/TensorOps.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hostsync {

namespace {
// A data member whose stores the analysis follows: one read through `this`, or a member of
// tensors of the program's own class read through any object (a library's members are
// stored into by code out of view).
bool followedMember(const MemberExpr *M, const SourceManager &SM) {
  const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
  if (!F)
    return false;
  if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
    return true;
  return !isLibTorchDecl(F->getParent()) &&
         !SM.isInSystemHeader(SM.getExpansionLoc(F->getParent()->getLocation())) &&
         carriesTensors(F->getType());
}
// The sources of one kind, owned by a declaration (a parameter, a member) that reasons name.
Sources ofKind(SourceKind Kind, const Decl *Owner = nullptr, std::string Name = "") {
  Sources S;
  S.Kind = Kind;
  S.Owner = Owner;
  S.Name = std::move(Name);
  return S;
}
} // namespace

Sources ValueSources::local(const DeclRefExpr *R) {
  Sources S = ofKind(SourceKind::Local);
  Reaching Values = Defs.reaching(cast<VarDecl>(R->getDecl()), R->getBeginLoc());
  S.Values = std::move(Values.Values);
  if (Values.Initial)
    S.Initial = cast<ParmVarDecl>(R->getDecl());
  return S;
}

Sources ValueSources::parameter(const ParmVarDecl *P) {
  Sources S = ofKind(SourceKind::Parameter, P, "parameter `" + P->getName().str() + "`");
  const auto *F = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!F) {
    S.UnknownWhy = S.Name;
    return S;
  }
  unsigned I = P->getFunctionScopeIndex();
  for (const Expr *Arg : Calls.argumentsFor(F, I)) {
    // A call that leaves an optional empty gives no value, not even one on the CPU.
    if (passesNoValue(Arg))
      S.LeftEmpty = true;
    else
      S.Values.push_back(Arg);
  }
  S.AllInView = Calls.allCallsInView(F);
  S.Name += " of " + quotedName(F);
  if (!Calls.callersKnowable(F))
    S.UnknownWhy = S.Name + ", which code out of view may call (" + Calls.whyUnknowable(F) + ")";
  else // an override also gets what calls of the methods it overrides pass
    for (const FunctionDecl *Callee : overriddenAndSelf(F))
      S.Open.push_back(argumentKey(Callee, I));
  return S;
}

Sources ValueSources::member(const FieldDecl *F) {
  Sources S = ofKind(SourceKind::Member, F, "the member `" + F->getName().str() + "`");
  auto It = Index.fieldStores().find(F);
  if (It != Index.fieldStores().end())
    S.Values = It->second;
  if (!S.Values.empty())
    return S;
  // A class that only this file can see has all its stores here; one a header declares
  // may be stored into by the project's other files.
  const SourceManager &SM = Ctx.getSourceManager();
  if (SM.isInMainFile(SM.getExpansionLoc(F->getParent()->getLocation())))
    S.UnknownWhy = S.Name + ", which nothing here stores into";
  else
    S.Open.push_back(fieldKey(F));
  return S;
}

Sources ValueSources::returned(const FunctionDecl *F, bool OwnBody) {
  Sources S = ofKind(SourceKind::Return);
  if (!F || isLibTorchDecl(F)) {
    S.UnknownWhy = "a call of LibTorch's `" + (F ? F->getNameAsString() : std::string()) + "()`";
    return S;
  }
  S.Name = "what " + quotedName(F) + " returns";
  const FunctionDecl *Def = nullptr;
  // A virtual call may run any override: the project's overrides contribute to its key.
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  if ((M && M->isVirtual() && !OwnBody) || !F->hasBody(Def)) {
    S.Open.push_back(returnKey(F));
    return S;
  }
  S.Owner = Def;
  // The index walked the user's code: a body in a library's headers is not followed.
  const std::vector<const Expr *> *Returns = Index.returnsOf(Def);
  if (!Returns) {
    S.UnknownWhy = "what the library's " + quotedName(Def) + " returns";
    return S;
  }
  S.Values = *Returns;
  if (S.Values.empty())
    S.UnknownWhy = "returned by " + quotedName(Def);
  return S;
}

Sources ValueSources::container(const VarDecl *V) {
  Sources S = ofKind(SourceKind::Container, nullptr, "`" + V->getName().str() + "`");
  S.SameValue = false;
  const ContainerStores *Recorded = Index.containerStores(V);
  ContainerStores Read = Recorded ? ContainerStores() : storesInBody(V);
  const ContainerStores &Stores = Recorded ? *Recorded : Read;
  S.Values = Stores.Values;
  if (!Stores.UnknownWhy.empty())
    S.UnknownWhy = S.Name + ": " + Stores.UnknownWhy;
  // A statement that does not compile is gone from the AST, and may have stored into it,
  // where the function's text names the variable outside the references the AST holds.
  else if (Ctx.getDiagnostics().hasErrorOccurred() && V->getParentFunctionOrMethod() && Lost.of(V))
    S.UnknownWhy = S.Name + ": a file with code that does not compile, which may store into it";
  for (const ContainerStores::Handoff &H : Stores.PassedOn) {
    const FunctionDecl *Def = nullptr;
    const auto *M = dyn_cast<CXXMethodDecl>(H.Callee);
    bool InView = H.Callee->hasBody(Def) && !(M && M->isVirtual()) && !isLibTorchDecl(H.Callee);
    S.Fillers.push_back({H.Callee, H.Param, H.Arg, InView ? Def->getParamDecl(H.Param) : nullptr});
  }
  return S;
}

Sources ValueSources::element(const CXXForRangeStmt *For) {
  Sources S = ofKind(SourceKind::Element);
  S.SameValue = false;
  const Expr *Range = For->getRangeInit();
  if (const CXXRecordDecl *Dataset = sourceDataset(Range->getType())) {
    if (isLibTorchDecl(Dataset)) // MNIST and the like read their files into host memory
      S.Host = true;
    else if (!(S.Maker = exampleMaker(Dataset)))
      S.UnknownWhy =
          "a batch of `" + Dataset->getNameAsString() + "`, whose get() the analysis does not see";
  } else if (carriesTensors(Range->getType())) {
    S.Values.push_back(Range);
  } else {
    S.UnknownWhy = "an element of a range the analysis does not follow";
  }
  return S;
}

Sources ValueSources::module(const CallExpr *Call) {
  Sources S = ofKind(SourceKind::Module, nullptr, "a module's output");
  S.SameValue = false;
  // A forward called in a template on an object of a template parameter's type, given
  // tensors only: an argument of another kind (a state struct, a vector of tensors, a
  // dependent one) may hold tensors elsewhere, and the output may follow them.
  if (const auto *M =
          dyn_cast<CXXDependentScopeMemberExpr>(Call->getCallee()->IgnoreParenImpCasts())) {
    if (!M->getMember().isIdentifier() ||
        M->getMember().getAsIdentifierInfo()->getName() != "forward")
      return Sources();
    for (const Expr *A : Call->arguments()) {
      std::vector<const Expr *> Given = {A};
      if (const auto *List = dyn_cast<InitListExpr>(A->IgnoreParenImpCasts())) // forward({x})
        Given.assign(List->inits().begin(), List->inits().end());
      for (const Expr *G : Given) {
        if (G->isTypeDependent() || !isTensorType(G->getType()))
          return Sources();
        S.Values.push_back(G);
      }
    }
    return S.Values.empty() ? Sources() : S;
  }
  // A LibTorch module's forward (or model(x)): its weights must be where its input is, and
  // are where the module that holds it as a member was moved. Not other methods.
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !isLibTorchDecl(F) || !carriesTensors(Call->getType()) ||
      !(F->getIdentifier() ? F->getName() == "forward" : F->getOverloadedOperator() == OO_Call))
    return Sources();
  for (const Expr *A : Call->arguments())
    if (isTensorType(A->getType()))
      S.Values.push_back(A);
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  if (const CXXRecordDecl *C = owningModule(MC ? MC->getImplicitObjectArgument() : Call)) {
    S.Open.push_back(moduleKey(C));
    S.Name = "a layer of a module only this file can name";
  }
  return S;
}

Sources ValueSources::sourcesOf(const Expr *E) {
  E = stripTensorExpr(E);
  if (const DeclRefExpr *R = asVarRef(E)) {
    if (const CXXForRangeStmt *For = rangeForOf(Ctx, cast<VarDecl>(R->getDecl())))
      return element(For);
    return local(R);
  }
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
    // `auto [a, b] = f(x);`: a binding holds a part of what the declaration decomposes,
    // until the code assigns to it (`a = a.cpu();`): then what reaches the use.
    if (const auto *B = dyn_cast<BindingDecl>(R->getDecl())) {
      if (Reaching Assigned = Defs.reaching(B, R->getBeginLoc()); !Assigned.Values.empty()) {
        Sources S = ofKind(SourceKind::Local);
        S.Values = std::move(Assigned.Values);
        return S;
      }
      if (const auto *DD = dyn_cast_or_null<VarDecl>(B->getDecomposedDecl()); DD && DD->getInit())
        return parts({DD->getInit()});
    }
    return Sources();
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (followedMember(M, Ctx.getSourceManager()))
      return member(cast<FieldDecl>(M->getMemberDecl()));
    return Sources();
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return parts({C->getTrueExpr(), C->getFalseExpr()});
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    if (const FunctionDecl *F = Call->getDirectCallee();
        F && !isLibTorchDecl(F) && !isa<CXXOperatorCallExpr>(Call) && !F->isInStdNamespace())
      return returned(F);
    return module(Call);
  }
  return Sources();
}

Sources ValueSources::parts(std::vector<const Expr *> Parts) {
  Sources S = ofKind(SourceKind::Parts);
  S.Values = std::move(Parts);
  return S;
}

} // namespace hostsync
