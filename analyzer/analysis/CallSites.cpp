#include "analysis/CallSites.h"

#include "compat/LLVMCompat.h"
#include "match/TensorOps.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hostsync {

namespace {
const FunctionDecl *canonical(const FunctionDecl *F) { return F ? F->getCanonicalDecl() : nullptr; }

class CallIndexer : public RecursiveASTVisitor<CallIndexer> {
public:
  CallIndexer(llvm::DenseMap<const FunctionDecl *, std::vector<const Expr *>> &Calls,
              llvm::DenseSet<const FunctionDecl *> &AddressTaken)
      : Calls(Calls), AddressTaken(AddressTaken) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee()) {
      Calls[canonical(F)].push_back(C);
      if (const auto *R = dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
        CalleeRefs.insert(R);
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    Calls[canonical(C->getConstructor())].push_back(C);
    return true;
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
  llvm::DenseSet<const DeclRefExpr *> CalleeRefs;
  std::vector<std::pair<const DeclRefExpr *, const FunctionDecl *>> Refs;
};
// A method LibTorch's own templates call, out of view: a module's forward (through
// ModuleHolder::operator(), Sequential, AnyModule), an autograd::Function's forward and
// backward, a dataset's get, a transform's operator() / apply; and any constructor
// (std::make_shared, TORCH_MODULE's holder, emplace_back forward their arguments to it).
bool calledByLibraryTemplates(const CXXMethodDecl *M) {
  if (isa<CXXConstructorDecl>(M))
    return true;
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

void CallSites::index() {
  if (Indexed)
    return;
  Indexed = true;
  const SourceManager &SM = Ctx.getSourceManager();
  CallIndexer Indexer(Calls, AddressTaken);
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
  for (const Expr *E : It->second) {
    if (const auto *C = dyn_cast<CallExpr>(E)) {
      // A call of a member operator passes the object as argument 0.
      unsigned Shift = isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(F) ? 1 : 0;
      if (Index + Shift < C->getNumArgs())
        Args.push_back(C->getArg(Index + Shift));
    } else if (const auto *K = dyn_cast<CXXConstructExpr>(E)) {
      if (Index < K->getNumArgs())
        Args.push_back(K->getArg(Index));
    }
  }
  return Args;
}

bool CallSites::allCallsInView(const FunctionDecl *F) {
  index();
  F = canonical(F);
  if (!F || AddressTaken.count(F) || F->isMain() || F->isTemplateInstantiation() ||
      F->getDescribedFunctionTemplate() || F->isDependentContext())
    return false;
  if (const auto *M = dyn_cast<CXXMethodDecl>(F))
    if (M->isVirtual() || M->getParent()->isLambda() || calledByLibraryTemplates(M))
      return false;
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
