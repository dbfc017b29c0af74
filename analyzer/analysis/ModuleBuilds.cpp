#include "analysis/ModuleBuilds.h"

#include "match/Modules.h"
#include "match/TensorOps.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <vector>

using namespace clang;

namespace hostsync {

namespace {

// Through parens, implicit casts, temporaries (withinTemporary) and copies of a holder.
const Expr *strip(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const Expr *Inner = withinTemporary(E))
      E = Inner;
    else if (const auto *C = dyn_cast<CXXConstructExpr>(E);
             C && C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor())
      E = C->getArg(0); // `auto copy = std::make_shared<...>(...)` before C++17's elision
    else
      return E;
  }
  return E;
}

// A construction of the module itself: make_shared/make_unique of it, a holder or the class
// constructed with arguments (or a holder's default, which builds its module), a pointer
// from `new`. Not a copy of another variable's module, nor an empty holder (`Net n{nullptr}`).
bool buildsModule(const Expr *Init) {
  Init = strip(Init);
  if (!Init)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(Init)) {
    const FunctionDecl *F = Call->getDirectCallee();
    return F && F->getIdentifier() && F->isInStdNamespace() &&
           (F->getName() == "make_shared" || F->getName() == "make_unique");
  }
  if (isa<CXXNewExpr>(Init))
    return true;
  const auto *C = dyn_cast<CXXConstructExpr>(Init);
  if (!C || C->getConstructor()->isCopyOrMoveConstructor())
    return false;
  const CXXRecordDecl *Made = C->getConstructor()->getParent();
  bool Holder = !asUserModule(Made); // a ModuleHolder or a smart pointer, not the class
  for (const Expr *A : C->arguments()) {
    if (isa<CXXNullPtrLiteralExpr>(A->IgnoreParenImpCasts()))
      return false;
    // A holder given a module (`Net(std::make_shared<NetImpl>())`, `shared_ptr(new ...)`):
    // built only if that module is.
    if (Holder && userModuleClass(A->getType()))
      return buildsModule(A);
  }
  // A smart pointer made empty holds no module; a holder's default builds one.
  return !(C->getNumArgs() == 0 && Made->getIdentifier() &&
           (Made->getName() == "shared_ptr" || Made->getName() == "unique_ptr"));
}

// The moves of V in Body (`V->to(...)`, `V.to(...)`, `V->cuda()`, V handed on), the loops
// there, and whether V is assigned another module.
struct MovesAndLoops {
  std::vector<const Stmt *> Moves;
  std::vector<const Stmt *> Loops;
  bool Assigned = false;
};

bool refersTo(const Expr *E, const VarDecl *V) {
  const auto *R = dyn_cast_or_null<DeclRefExpr>(strip(E));
  return R && R->getDecl() == V;
}

// V handed to a function or another holder (`init(net, device)`, `register_module("n", net)`,
// `seq->push_back(net)`, `Net other = net;`): what it does with the module is out of view,
// a move as far as this goes. An operator's first argument is its object (`net->`, `*net`).
bool handsOn(const Stmt *S, const VarDecl *V) {
  if (const auto *C = dyn_cast<CXXConstructExpr>(S))
    return std::any_of(C->arg_begin(), C->arg_end(), [&](const Expr *A) { return refersTo(A, V); });
  const auto *Call = dyn_cast<CallExpr>(S);
  if (!Call)
    return false;
  unsigned First = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
  for (unsigned I = First; I < Call->getNumArgs(); ++I)
    if (refersTo(Call->getArg(I), V))
      return true;
  return false;
}

void gather(const Stmt *S, const VarDecl *V, MovesAndLoops &Out) {
  if (!S)
    return;
  if (isa<ForStmt, CXXForRangeStmt, WhileStmt, DoStmt>(S))
    Out.Loops.push_back(S);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (M && M->getIdentifier() && (M->getName() == "to" || M->getName() == "cuda") &&
        moduleVariable(MC->getImplicitObjectArgument()) == V)
      Out.Moves.push_back(MC);
  }
  if (handsOn(S, V))
    Out.Moves.push_back(S);
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
      Op && Op->getOperator() == OO_Equal && refersTo(Op->getArg(0), V))
    Out.Assigned = true;
  if (const auto *B = dyn_cast<BinaryOperator>(S);
      B && B->isAssignmentOp() && refersTo(B->getLHS(), V))
    Out.Assigned = true;
  for (const Stmt *Child : S->children())
    gather(Child, V, Out);
}

bool contains(const SourceManager &SM, const Stmt *Outer, const Stmt *Inner) {
  return !SM.isBeforeInTranslationUnit(Inner->getBeginLoc(), Outer->getBeginLoc()) &&
         !SM.isBeforeInTranslationUnit(Outer->getEndLoc(), Inner->getEndLoc());
}

} // namespace

const VarDecl *moduleVariable(const Expr *Object) {
  const auto *R = dyn_cast_or_null<DeclRefExpr>(throughHolder(Object));
  const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  return V && V->isLocalVarDecl() ? V : nullptr;
}

bool builtOnHostAt(ASTContext &Ctx, const VarDecl *V, const Expr *Use) {
  if (!V || !V->isLocalVarDecl() || !userModuleClass(V->getType()) || !buildsModule(V->getInit()))
    return false;
  const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!F || !F->getBody())
    return false;
  MovesAndLoops Found;
  gather(F->getBody(), V, Found);
  if (Found.Assigned)
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Stmt *Move : Found.Moves) {
    if (SM.isBeforeInTranslationUnit(Move->getBeginLoc(), Use->getBeginLoc()))
      return false;
    for (const Stmt *Loop : Found.Loops)
      if (contains(SM, Loop, Move) && contains(SM, Loop, Use))
        return false;
  }
  return true;
}

} // namespace hostsync
