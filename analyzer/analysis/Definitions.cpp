#include "analysis/Definitions.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hostsync {

namespace {
class DefCollector : public RecursiveASTVisitor<DefCollector> {
public:
  explicit DefCollector(llvm::DenseMap<const ValueDecl *, std::vector<Definitions::Def>> &Out)
      : Out(Out) {}
  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseIfStmt(IfStmt *S) {
    TraverseStmt(S->getInit());
    TraverseStmt(S->getConditionVariableDeclStmt());
    TraverseStmt(S->getCond());
    Branches.push_back({S, false});
    TraverseStmt(S->getThen());
    Branches.back().second = true;
    TraverseStmt(S->getElse());
    Branches.pop_back();
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (const Expr *Init = V->getInit())
      add(V, {Init->getEndLoc(), Init});
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->getOperator() == OO_Equal && C->getNumArgs() == 2)
      record(C->getArg(0), C->getArg(1), C->getEndLoc());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      record(B->getLHS(), B->getRHS(), B->getEndLoc());
    return true;
  }

private:
  void record(const Expr *LHS, const Expr *RHS, SourceLocation End) {
    if (const auto *R = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts()))
      if (isa<VarDecl>(R->getDecl()) || isa<BindingDecl>(R->getDecl()))
        add(R->getDecl(), {End, RHS});
  }
  void add(const ValueDecl *V, Definitions::Def D) {
    if (!Branches.empty()) {
      D.If = Branches.back().first;
      D.InElse = Branches.back().second;
    }
    Out[cast<ValueDecl>(V->getCanonicalDecl())].push_back(D);
  }
  llvm::DenseMap<const ValueDecl *, std::vector<Definitions::Def>> &Out;
  std::vector<std::pair<const IfStmt *, bool>> Branches;
};
} // namespace

void Definitions::indexBody(const Stmt *Body) {
  if (!Body || Indexed.count(Body))
    return;
  Indexed[Body] = true;
  DefCollector(Defs).TraverseStmt(const_cast<Stmt *>(Body));
}

Reaching Definitions::reaching(const ValueDecl *Var, SourceLocation Use) {
  Reaching R;
  if (!Var)
    return R;
  const auto *DC = Var->getParentFunctionOrMethod();
  const auto *V = dyn_cast<VarDecl>(Var);
  if (const auto *FD = dyn_cast_or_null<FunctionDecl>(DC))
    indexBody(FD->getBody());
  else if (!V || !V->hasGlobalStorage())
    return R;
  else if (const Expr *Init = V->getInit()) { // a global: its initializer is all we see
    R.Values.push_back(Init);
    return R;
  }
  auto It = Defs.find(cast<ValueDecl>(Var->getCanonicalDecl()));
  const SourceManager &SM = Ctx.getSourceManager();
  // The last definition before Use, among those that satisfy Take.
  auto Last = [&](auto Take) {
    const Def *Best = nullptr;
    if (It != Defs.end())
      for (const Def &D : It->second)
        if (SM.isBeforeInTranslationUnit(D.Done, Use) && Take(D) &&
            (!Best || SM.isBeforeInTranslationUnit(Best->Done, D.Done)))
          Best = &D;
    return Best;
  };
  const Def *Best = Last([](const Def &) { return true; });
  if (!Best) {
    R.Initial = isa<ParmVarDecl>(Var);
    return R;
  }
  R.Values.push_back(Best->Value);
  // Assigned in one branch of an if/else and used after it: if the other branch assigns
  // too, its last value may be the one here instead.
  if (Best->If && !SM.isBeforeInTranslationUnit(Use, Best->If->getEndLoc()))
    if (const Def *Other =
            Last([&](const Def &D) { return D.If == Best->If && D.InElse != Best->InElse; }))
      R.Values.push_back(Other->Value);
  return R;
}

} // namespace hostsync
