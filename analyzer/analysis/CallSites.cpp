#include "analysis/CallSites.h"
#include "analysis/DeclKeys.h"
#include "match/LibraryCalls.h"

#include "compat/LLVMCompat.h"
#include "match/Modules.h"
#include "match/TensorOps.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;

namespace hostsync {

namespace {

// A parameter that passes its argument on as it came: T&& (or a pack of them) for a
// template parameter T.
bool isForwarding(const ParmVarDecl *P) {
  QualType T = P->getType();
  if (const auto *Pack = T->getAs<PackExpansionType>())
    T = Pack->getPattern();
  const auto *Ref = T->getAs<RValueReferenceType>();
  return Ref && Ref->getPointeeType()->getAs<TemplateTypeParmType>();
}

// The one user-written constructor of R that takes N arguments (copies and moves aside).
const CXXConstructorDecl *onlyConstructor(const CXXRecordDecl *R, unsigned N) {
  if (!R->hasDefinition())
    return nullptr;
  const CXXConstructorDecl *Found = nullptr;
  for (const CXXConstructorDecl *C : R->getDefinition()->ctors()) {
    if (C->isImplicit() || C->isCopyOrMoveConstructor() || C->getMinRequiredArguments() > N ||
        C->getNumParams() < N)
      continue;
    if (Found)
      return nullptr;
    Found = C;
  }
  return Found;
}

// R and every user module class it derives from, nearest first: a forward it inherits is
// theirs.
std::vector<const CXXRecordDecl *> withModuleBases(const CXXRecordDecl *R) {
  std::vector<const CXXRecordDecl *> Out{R};
  for (size_t I = 0; I < Out.size() && I < 64; ++I)
    if (Out[I]->hasDefinition())
      for (const CXXBaseSpecifier &B : Out[I]->getDefinition()->bases())
        if (const CXXRecordDecl *U = asUserModule(B.getType()->getAsCXXRecordDecl()))
          if (std::find(Out.begin(), Out.end(), U) == Out.end())
            Out.push_back(U);
  return Out;
}

// The one forward() a holder of module class R calls: the nearest declared among R and its
// user module bases; null when that class declares several, or a template one.
const CXXMethodDecl *onlyForward(const CXXRecordDecl *R) {
  for (const CXXRecordDecl *C : withModuleBases(R)) {
    if (!C->hasDefinition())
      continue;
    std::vector<const NamedDecl *> Forwards;
    for (const Decl *D : C->getDefinition()->decls())
      if (const auto *N = dyn_cast<NamedDecl>(D);
          N && N->getIdentifier() && N->getName() == "forward")
        Forwards.push_back(N);
    if (!Forwards.empty())
      return Forwards.size() == 1 ? dyn_cast<CXXMethodDecl>(Forwards[0]) : nullptr;
  }
  return nullptr;
}

// Standard templates that take a module and do not call it: making, moving and holding it
// (a container's methods). std::function, std::thread, std::async, std::invoke, std::bind
// and the like may call it, out of view.
bool stdKeepsForwardInView(const FunctionDecl *F) {
  if (const auto *M = dyn_cast<CXXMethodDecl>(F)) {
    const CXXRecordDecl *C = M->getParent();
    return !(C->getIdentifier() && libraryCallIs(C->getName(), LibraryUse::MayCall));
  }
  return F->getIdentifier() && libraryCallIs(F->getName(), LibraryUse::Holds);
}

// LibTorch templates that take a module of class R without calling its forward: the
// methods of R's own holder and of its Cloneable base (Sequential's holder constructing a
// Sequential of R does call it), registration, serialization.
bool keepsForwardInView(const FunctionDecl *F, const CXXRecordDecl *R) {
  if (const auto *M = dyn_cast<CXXMethodDecl>(F))
    if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(M->getParent());
        S && S->getIdentifier() && libraryCallIs(S->getName(), LibraryUse::HolderOf) &&
        S->getTemplateArgs().size() > 0 &&
        S->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
        userModuleClass(S->getTemplateArgs()[0].getAsType()) == R)
      return true;
  return F->getIdentifier() && libraryCallIs(F->getName(), LibraryUse::RegistersModule);
}

// What the calls of written code tell CallSites: every call by callee, the calls of a
// module's forward through its holder, and the classes that templates may construct or
// whose forward code out of view may call.
class CallIndexer {
public:
  CallIndexer(llvm::DenseMap<const FunctionDecl *, std::vector<const Expr *>> &Calls,
              llvm::DenseSet<const CXXRecordDecl *> &Indirect,
              llvm::DenseMap<const CXXRecordDecl *, const char *> &ForwardOutOfView)
      : Calls(Calls), Indirect(Indirect), ForwardOutOfView(ForwardOutOfView) {}

  // The calls of written code (an instantiation's are the written template's).
  void read(const TUIndex &Index) {
    for (const CallRecord &R : Index.calls())
      if (!R.InInstantiation && R.Site) {
        if (const auto *C = dyn_cast<CallExpr>(R.Site))
          call(C);
        else if (const auto *K = dyn_cast<CXXConstructExpr>(R.Site))
          construction(K);
      }
  }

private:
  void call(const CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F)
      return noteDependentCall(C);
    noteTemplateArguments(F, C, C->getNumArgs());
    noteModulesHandedOver(F, C->arguments());
    Calls[canonical(F)].push_back(C);
    noteHolderCall(C, F);
  }
  void construction(const CXXConstructExpr *C) {
    noteTemplateArguments(C->getConstructor(), C, C->getNumArgs());
    noteModulesHandedOver(C->getConstructor(), C->arguments());
    Calls[canonical(C->getConstructor())].push_back(C);
  }
  // `model(x)` on TORCH_MODULE's holder: ModuleHolder::operator() calls the module's
  // forward with the same arguments, so it counts as a call of that forward, in view (its
  // arguments follow the holder, as a member operator's do: argumentOf). A module with
  // several forwards or a template one: which runs is out of view.
  void noteHolderCall(const CallExpr *C, const FunctionDecl *F) {
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(C);
    if (!Op || Op->getOperator() != OO_Call || !isLibTorchDecl(F) || C->getNumArgs() == 0)
      return;
    if (const CXXRecordDecl *R = userModuleClass(C->getArg(0)->getType())) {
      if (const CXXMethodDecl *Forward = onlyForward(R))
        Calls[canonical(Forward)].push_back(C);
      else
        outOfView(R, "calls it through its holder, with several forward()s to choose from");
    }
  }
  // A call Clang resolves only per instantiation (a generic lambda, a template): a module
  // it is made on or given may have its forward called with arguments out of view.
  void noteDependentCall(const CallExpr *C) {
    auto Given = [&](const Expr *E) {
      if (E)
        if (const CXXRecordDecl *R = userModuleClass(E->getType()))
          outOfView(R, "calls it from a template");
    };
    const Expr *Callee = C->getCallee()->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(Callee); M && !M->isImplicitAccess())
      Given(M->getBase());
    else if (const auto *U = dyn_cast<UnresolvedMemberExpr>(Callee); U && !U->isImplicitAccess())
      Given(U->getBase());
    else
      Given(Callee);
    for (const Expr *A : C->arguments())
      Given(A);
  }
  void outOfView(const CXXRecordDecl *R, const char *Why) {
    for (const CXXRecordDecl *Module : withModuleBases(R))
      ForwardOutOfView.try_emplace(Module->getCanonicalDecl(), Why);
  }
  // A user module handed to LibTorch (Sequential, AnyModule, ...) or to a standard
  // template that may call it (std::function, std::thread...), as an argument or a template
  // argument, or made the template argument of the user's own template (whose instantiated
  // calls are not indexed): its forward may be called with arguments the analysis does not
  // see.
  template <typename Range> void noteModulesHandedOver(const FunctionDecl *F, Range Args) {
    if (const auto *C = dyn_cast<CXXConstructorDecl>(F); C && C->isInheritingConstructor())
      F = C->getInheritedConstructor().getConstructor(); // Sequential's, from ModuleHolder
    if (!F)
      return;
    bool Std = F->getDeclContext()->getEnclosingNamespaceContext()->isStdNamespace();
    if (Std && stdKeepsForwardInView(F))
      return;
    bool Library = Std || isLibTorchDecl(F);
    const char *Why = Std       ? "hands the module to a standard template that may call it"
                      : Library ? "hands the module to LibTorch, whose templates may call it"
                                : "makes the module the argument of a template";
    auto Handed = [&](QualType T) {
      if (const CXXRecordDecl *R = userModuleClass(T); R && !(Library && keepsForwardInView(F, R)))
        outOfView(R, Why);
    };
    if (Library)
      for (const Expr *A : Args)
        Handed(A->getType());
    auto Note = [&](const TemplateArgumentList *Args) {
      for (unsigned I = 0; Args && I < Args->size(); ++I) {
        const TemplateArgument &A = Args->get(I);
        if (A.getKind() == TemplateArgument::Type)
          Handed(A.getAsType());
        else if (A.getKind() == TemplateArgument::Pack)
          for (const TemplateArgument &P : A.pack_elements())
            if (P.getKind() == TemplateArgument::Type)
              Handed(P.getAsType());
      }
    };
    Note(F->getTemplateSpecializationArgs());
    if (const auto *M = dyn_cast<CXXMethodDecl>(F))
      if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(M->getParent()))
        Note(&S->getTemplateArgs());
  }
  // A class named as a template argument of a called function or of its class, when that
  // function forwards a pack of arguments (std::make_shared<T>(args...),
  // vector<T>::emplace_back(args...), TORCH_MODULE's ModuleHolder<TImpl>(args...)): the
  // template may construct it with them, out of view. (push_back(T{...}) constructs here.)
  // When every parameter of the template forwards (Args&&... or Head&&, Tail&&...) and the
  // class has one constructor that takes that many arguments, the call's arguments are that
  // constructor's, in order: the call counts as a call of it, in view.
  void noteTemplateArguments(const FunctionDecl *F, const Expr *Call, unsigned NumArgs) {
    const FunctionDecl *Pattern = F->getTemplateInstantiationPattern();
    if (!Pattern || std::none_of(Pattern->param_begin(), Pattern->param_end(),
                                 [](const ParmVarDecl *P) { return P->isParameterPack(); }))
      return;
    bool AllForward = std::all_of(Pattern->param_begin(), Pattern->param_end(), isForwarding);
    auto Note = [&](const TemplateArgumentList *Args) {
      for (unsigned I = 0; Args && I < Args->size(); ++I)
        if (Args->get(I).getKind() == TemplateArgument::Type)
          if (const CXXRecordDecl *R = Args->get(I).getAsType()->getAsCXXRecordDecl()) {
            if (const CXXConstructorDecl *C = AllForward ? onlyConstructor(R, NumArgs) : nullptr)
              Calls[canonical(C)].push_back(Call);
            else
              Indirect.insert(R->getCanonicalDecl());
          }
    };
    Note(F->getTemplateSpecializationArgs());
    if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(F->getParent()))
      Note(&S->getTemplateArgs());
  }
  llvm::DenseMap<const FunctionDecl *, std::vector<const Expr *>> &Calls;
  llvm::DenseSet<const CXXRecordDecl *> &Indirect;
  llvm::DenseMap<const CXXRecordDecl *, const char *> &ForwardOutOfView;
};
// A method LibTorch's own templates call, out of view: an autograd::Function's forward and
// backward, a dataset's get, a transform's operator() / apply, and a module's forward
// (CallSites::forwardOutOfView says when). (Constructors that templates call are found
// from the calls: CallSites::constructedByTemplates.)
bool calledByLibraryTemplates(const CXXMethodDecl *M) {
  bool LibraryBase = false;
  if (const CXXRecordDecl *RD = M->getParent(); RD && RD->hasDefinition())
    RD->forallBases([&](const CXXRecordDecl *Base) {
      LibraryBase |= isLibTorchDecl(Base);
      return true;
    });
  if (!LibraryBase)
    return false;
  if (M->isOverloadedOperator())
    return M->getOverloadedOperator() == OO_Call;
  return M->getIdentifier() && libraryCallIs(M->getName(), LibraryUse::CalledByLibrary);
}
} // namespace

std::vector<const FunctionDecl *> overriddenAndSelf(const FunctionDecl *F) {
  std::vector<const FunctionDecl *> Out{F};
  for (size_t I = 0; I < Out.size(); ++I)
    if (const auto *M = dyn_cast<CXXMethodDecl>(Out[I]))
      for (const CXXMethodDecl *O : M->overridden_methods())
        if (std::find(Out.begin(), Out.end(), O) == Out.end())
          Out.push_back(O);
  return Out;
}

const Expr *argumentOf(const Expr *Call, const FunctionDecl *F, unsigned I) {
  if (const auto *C = dyn_cast<CallExpr>(Call)) {
    unsigned Shift = isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(F) ? 1 : 0;
    if (I + Shift < C->getNumArgs())
      return C->getArg(I + Shift);
    // A holder's `model(x)` leaves forward's defaults to forward itself: they are its.
    return I < F->getNumParams() && F->getParamDecl(I)->hasDefaultArg() &&
                   !F->getParamDecl(I)->hasUnparsedDefaultArg() &&
                   !F->getParamDecl(I)->hasUninstantiatedDefaultArg()
               ? F->getParamDecl(I)->getDefaultArg()
               : nullptr;
  }
  const auto *K = dyn_cast<CXXConstructExpr>(Call);
  return K && I < K->getNumArgs() ? K->getArg(I) : nullptr;
}

std::string quotedName(const FunctionDecl *F) {
  return "`" + F->getQualifiedNameAsString() + "()`";
}

void CallSites::index() {
  if (Indexed)
    return;
  Indexed = true;
  CallIndexer(Calls, Indirect, ForwardOutOfView).read(Index);
}

std::vector<const Expr *> CallSites::argumentsFor(const FunctionDecl *F, unsigned Param) {
  index();
  std::vector<const Expr *> Args;
  auto It = Calls.find(canonical(F));
  if (It == Calls.end())
    return Args;
  for (const Expr *E : It->second)
    if (const Expr *A = argumentOf(E, F, Param))
      Args.push_back(A);
  return Args;
}

std::string CallSites::whyUnknowable(const FunctionDecl *F) {
  index();
  F = canonical(F);
  if (!F)
    return "not a function";
  if (Index.addressTaken().count(F))
    return "its address is taken";
  if (F->isMain())
    return "the program's entry";
  if (F->isTemplateInstantiation() || F->getDescribedFunctionTemplate() || F->isDependentContext())
    return "a template";
  if (const auto *M = dyn_cast<CXXMethodDecl>(F)) {
    if (M->getParent()->isLambda())
      return "a lambda";
    if (isa<CXXConstructorDecl>(M) && Indirect.count(M->getParent()->getCanonicalDecl()))
      return "a constructor that a template called here may call (make_shared, a module holder)";
    if (calledByLibraryTemplates(M)) {
      if (!TUIndex::isModuleForward(M))
        return "LibTorch's templates call it";
      if (forwardOutOfView(M->getParent()))
        return std::string("this file ") +
               ForwardOutOfView.lookup(asUserModule(M->getParent())->getCanonicalDecl());
    }
  }
  return "";
}

bool CallSites::forwardOutOfView(const CXXRecordDecl *R) {
  index();
  const CXXRecordDecl *Module = asUserModule(R);
  return !Module || ForwardOutOfView.count(Module->getCanonicalDecl());
}

bool CallSites::constructedByTemplates(const CXXRecordDecl *R) {
  index();
  return Indirect.count(R->getCanonicalDecl());
}

bool CallSites::allCallsInView(const FunctionDecl *F) {
  if (!callersKnowable(F))
    return false;
  F = canonical(F);
  if (const auto *M = dyn_cast<CXXMethodDecl>(F); M && M->isVirtual())
    return false; // calls through a base class name the base's method
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FunctionDecl *Re : F->redecls())
    if (!SM.isInMainFile(SM.getExpansionLoc(Re->getLocation())))
      return false;
  if (const auto *M = dyn_cast<CXXMethodDecl>(F)) // a class a header declares: other files
    if (!SM.isInMainFile(SM.getExpansionLoc(M->getParent()->getLocation())))
      return false;
  return Calls.count(F) > 0;
}

} // namespace hostsync
