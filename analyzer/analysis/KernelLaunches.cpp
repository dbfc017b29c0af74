#include "analysis/KernelLaunches.h"

#include "compat/LLVMCompat.h"
#include "match/TensorOps.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hostsync {

namespace {
// Methods that hand out a tensor's device memory to a kernel.
bool givesData(StringRef N) {
  return compat::isOneOf(N, {"data_ptr", "data", "const_data_ptr", "mutable_data_ptr",
                             "packed_accessor32", "packed_accessor64", "generic_packed_accessor",
                             "packed_accessor"});
}

class LaunchFinder : public RecursiveASTVisitor<LaunchFinder> {
public:
  LaunchFinder(llvm::DenseMap<const VarDecl *, const Expr *> &Launched,
               llvm::DenseMap<const VarDecl *, bool> &Reassigned)
      : Launched(Launched), Reassigned(Reassigned) {}
  bool shouldVisitLambdaBody() const { return true; } // AT_DISPATCH's lambdas launch
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
    for (const Expr *A : K->arguments())
      DataCalls(A);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      assigned(B->getLHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() && C->getNumArgs() == 2)
      assigned(C->getArg(0));
    return true;
  }

private:
  // Every `v.data_ptr<T>()` (and the like) inside a kernel argument.
  void DataCalls(const Stmt *S) {
    if (!S)
      return;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
      const CXXMethodDecl *M = MC->getMethodDecl();
      if (M && M->getIdentifier() && givesData(M->getName()) &&
          isTensorType(MC->getImplicitObjectArgument()->getType()))
        if (const DeclRefExpr *R = asVarRef(MC->getImplicitObjectArgument()))
          Launched.try_emplace(cast<VarDecl>(R->getDecl()->getCanonicalDecl()), MC);
    }
    for (const Stmt *Child : S->children())
      DataCalls(Child);
  }
  void assigned(const Expr *LHS) {
    if (const DeclRefExpr *R = asVarRef(LHS))
      Reassigned[cast<VarDecl>(R->getDecl()->getCanonicalDecl())] = true;
  }
  llvm::DenseMap<const VarDecl *, const Expr *> &Launched;
  llvm::DenseMap<const VarDecl *, bool> &Reassigned;
};
} // namespace

void KernelLaunches::index(const FunctionDecl *F) {
  if (!F || !F->hasBody() || !Indexed.try_emplace(F, true).second)
    return;
  LaunchFinder(Launched, Reassigned).TraverseStmt(F->getBody());
}

const Expr *KernelLaunches::launchedWith(const VarDecl *V) {
  if (!V || !V->getASTContext().getLangOpts().CUDA)
    return nullptr;
  V = V->getCanonicalDecl();
  index(dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod()));
  if (Reassigned.count(V))
    return nullptr;
  auto It = Launched.find(V);
  return It == Launched.end() ? nullptr : It->second;
}

} // namespace hostsync
