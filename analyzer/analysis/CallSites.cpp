#include "analysis/CallSites.h"

#include "compat/LLVMCompat.h"
#include "match/Modules.h"
#include "match/TensorOps.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;

namespace hostsync {

namespace {
const FunctionDecl *canonical(const FunctionDecl *F) { return F ? F->getCanonicalDecl() : nullptr; }

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

// The one forward() of a module class; null when it has none, several, or a template.
const CXXMethodDecl *onlyForward(const CXXRecordDecl *R) {
  const CXXMethodDecl *Found = nullptr;
  for (const Decl *D : R->decls()) {
    const NamedDecl *N = dyn_cast<NamedDecl>(D);
    if (!N || !N->getIdentifier() || N->getName() != "forward")
      continue;
    const auto *M = dyn_cast<CXXMethodDecl>(N);
    if (!M || Found)
      return nullptr;
    Found = M;
  }
  return Found;
}

// LibTorch templates that take a module of class R without calling its forward: the
// methods of R's own holder and of its Cloneable base (Sequential's holder constructing a
// Sequential of R does call it), registration, serialization.
bool keepsForwardInView(const FunctionDecl *F, const CXXRecordDecl *R) {
  if (const auto *M = dyn_cast<CXXMethodDecl>(F))
    if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(M->getParent());
        S && S->getIdentifier() && compat::isOneOf(S->getName(), {"ModuleHolder", "Cloneable"}) &&
        S->getTemplateArgs().size() > 0 &&
        S->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
        userModuleClass(S->getTemplateArgs()[0].getAsType()) == R)
      return true;
  return F->getIdentifier() &&
         compat::isOneOf(F->getName(), {"register_module", "replace_module", "save", "load"});
}

class CallIndexer : public RecursiveASTVisitor<CallIndexer> {
public:
  CallIndexer(llvm::DenseMap<const FunctionDecl *, std::vector<const Expr *>> &Calls,
              llvm::DenseSet<const FunctionDecl *> &AddressTaken,
              llvm::DenseSet<const CXXRecordDecl *> &Indirect,
              llvm::DenseSet<const CXXRecordDecl *> &ForwardOutOfView)
      : Calls(Calls), AddressTaken(AddressTaken), Indirect(Indirect),
        ForwardOutOfView(ForwardOutOfView) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee()) {
      noteTemplateArguments(F, C, C->getNumArgs());
      noteModulesHandedOver(F, C->arguments());
      Calls[canonical(F)].push_back(C);
      noteHolderCall(C, F);
      if (const auto *R = dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
        CalleeRefs.insert(R);
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    noteTemplateArguments(C->getConstructor(), C, C->getNumArgs());
    noteModulesHandedOver(C->getConstructor(), C->arguments());
    Calls[canonical(C->getConstructor())].push_back(C);
    return true;
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
        ForwardOutOfView.insert(R);
    }
  }
  // A user module handed to LibTorch (Sequential, AnyModule, ...), as an argument or a
  // template argument, or made the template argument of the user's own template (whose
  // instantiated calls are not indexed): its forward may be called with arguments the
  // analysis does not see. The standard library's templates (make_shared, containers)
  // do not call it.
  template <typename Range> void noteModulesHandedOver(const FunctionDecl *F, Range Args) {
    if (const auto *C = dyn_cast<CXXConstructorDecl>(F); C && C->isInheritingConstructor())
      F = C->getInheritedConstructor().getConstructor(); // Sequential's, from ModuleHolder
    if (!F || F->getDeclContext()->getEnclosingNamespaceContext()->isStdNamespace())
      return;
    bool Library = isLibTorchDecl(F);
    auto Handed = [&](QualType T) {
      if (const CXXRecordDecl *R = userModuleClass(T); R && !(Library && keepsForwardInView(F, R)))
        ForwardOutOfView.insert(R);
    };
    if (Library)
      for (const Expr *A : Args)
        Handed(A->getType());
    auto Note = [&](const TemplateArgumentList *Args) {
      for (unsigned I = 0; Args && I < Args->size(); ++I)
        if (Args->get(I).getKind() == TemplateArgument::Type)
          Handed(Args->get(I).getAsType());
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
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    if (const auto *F = dyn_cast<FunctionDecl>(R->getDecl()))
      Refs.push_back({R, canonical(F)});
    return true;
  }
  // Every reference to a function that is not the callee of a call takes its address.
  void finish() {
    for (const auto &[Ref, F] : Refs)
      if (!CalleeRefs.count(Ref))
        AddressTaken.insert(F);
  }

private:
  llvm::DenseMap<const FunctionDecl *, std::vector<const Expr *>> &Calls;
  llvm::DenseSet<const FunctionDecl *> &AddressTaken;
  llvm::DenseSet<const CXXRecordDecl *> &Indirect;
  llvm::DenseSet<const CXXRecordDecl *> &ForwardOutOfView;
  llvm::DenseSet<const DeclRefExpr *> CalleeRefs;
  std::vector<std::pair<const DeclRefExpr *, const FunctionDecl *>> Refs;
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
  return M->getIdentifier() &&
         compat::isOneOf(M->getName(), {"forward", "backward", "get", "get_batch", "apply"});
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
    return I + Shift < C->getNumArgs() ? C->getArg(I + Shift) : nullptr;
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
  const SourceManager &SM = Ctx.getSourceManager();
  CallIndexer Indexer(Calls, AddressTaken, Indirect, ForwardOutOfView);
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      Indexer.TraverseDecl(D);
  Indexer.finish();
}

std::vector<const Expr *> CallSites::argumentsFor(const FunctionDecl *F, unsigned Index) {
  index();
  std::vector<const Expr *> Args;
  auto It = Calls.find(canonical(F));
  if (It == Calls.end())
    return Args;
  for (const Expr *E : It->second)
    if (const Expr *A = argumentOf(E, F, Index))
      Args.push_back(A);
  return Args;
}

std::string CallSites::whyUnknowable(const FunctionDecl *F) {
  index();
  F = canonical(F);
  if (!F)
    return "not a function";
  if (AddressTaken.count(F))
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
    if (calledByLibraryTemplates(M) && (!isModuleForward(M) || forwardOutOfView(M->getParent())))
      return "LibTorch's templates call it";
  }
  return "";
}

bool CallSites::isModuleForward(const CXXMethodDecl *M) {
  return M->getIdentifier() && M->getName() == "forward" && asUserModule(M->getParent());
}

bool CallSites::forwardOutOfView(const CXXRecordDecl *R) {
  index();
  const CXXRecordDecl *Module = asUserModule(R);
  return !Module || ForwardOutOfView.count(Module);
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
