#include "analysis/HotPath.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <deque>

using namespace clang;

namespace hostsync {

namespace {

bool isModuleForward(const FunctionDecl *F) {
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  if (!M || !M->getIdentifier() || M->getName() != "forward")
    return false;
  const CXXRecordDecl *RD = M->getParent();
  if (!RD || !RD->hasDefinition())
    return false;
  bool IsModule = false;
  RD->forallBases([&](const CXXRecordDecl *Base) {
    if (Base->getQualifiedNameAsString() == "torch::nn::Module")
      IsModule = true;
    return true;
  });
  return IsModule;
}

std::string describe(const FunctionDecl *F) { return F->getQualifiedNameAsString() + "()"; }

struct CallSite {
  const FunctionDecl *Caller;
  const FunctionDecl *Callee;
  bool InLoop;
  const Expr *Period; // the N of the periodic guard (inside a loop) the call is under
};

// The N of `i % N`, else null.
const Expr *remainderDivisor(const Expr *E) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return B && B->getOpcode() == BO_Rem ? B->getRHS() : nullptr;
}

// The N of `i % N` compared by Compare (either side), or of Whole's answer for either
// operand of a Join; else null.
const Expr *comparedPeriod(const Expr *Cond, BinaryOperatorKind Join, BinaryOperatorKind Compare,
                           const Expr *(*Whole)(const Expr *)) {
  const auto *B = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!B || (B->getOpcode() != Join && B->getOpcode() != Compare))
    return nullptr;
  auto Side = [&](const Expr *E) {
    return B->getOpcode() == Join ? Whole(E) : remainderDivisor(E);
  };
  const Expr *N = Side(B->getLHS());
  return N ? N : Side(B->getRHS());
}

// A condition that holds once every N values of a counter: `i % N == k`, `k == i % N`,
// `!(i % N)`, or one of them joined by && with anything. Its N, else null.
const Expr *periodWhenTrue(const Expr *Cond) {
  if (const Expr *N = comparedPeriod(Cond, BO_LAnd, BO_EQ, periodWhenTrue))
    return N;
  const auto *U = dyn_cast<UnaryOperator>(Cond->IgnoreParenImpCasts());
  return U && U->getOpcode() == UO_LNot ? remainderDivisor(U->getSubExpr()) : nullptr;
}

// A condition that fails once every N values: `i % N != k`, `i % N` as a truth value, or
// one of them joined by || with anything.
const Expr *periodWhenFalse(const Expr *Cond) {
  const Expr *N = comparedPeriod(Cond, BO_LOr, BO_NE, periodWhenFalse);
  return N ? N : remainderDivisor(Cond);
}

bool isContinue(const Stmt *S) {
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
    return C->size() == 1 && isContinue(C->body_front());
  return isa_and_nonnull<ContinueStmt>(S);
}

// A periodic guard between Parent and its child C: C is the branch of an if whose
// condition is periodic, or follows `if (<fails once every N>) continue;` in a block.
const Expr *guardBetween(const DynTypedNode &Parent, const Stmt *C) {
  if (!C)
    return nullptr;
  if (const auto *If = Parent.get<IfStmt>()) {
    if (C == If->getThen())
      return periodWhenTrue(If->getCond());
    if (C == If->getElse())
      return periodWhenFalse(If->getCond());
  }
  if (const auto *Block = Parent.get<CompoundStmt>())
    for (const Stmt *Before : Block->body()) {
      if (Before == C)
        break;
      if (const auto *If = dyn_cast<IfStmt>(Before);
          If && !If->getElse() && isContinue(If->getThen()))
        if (const Expr *N = periodWhenFalse(If->getCond()))
          return N;
    }
  return nullptr;
}

// Walks function bodies, noting every call and whether a loop encloses it.
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  std::vector<CallSite> Calls;
  std::vector<const FunctionDecl *> Forwards;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *F) {
    return withFunction(F, [&] { return RecursiveASTVisitor::TraverseFunctionDecl(F); });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *F) {
    return withFunction(F, [&] { return RecursiveASTVisitor::TraverseCXXMethodDecl(F); });
  }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *F) {
    return withFunction(F, [&] { return RecursiveASTVisitor::TraverseCXXConstructorDecl(F); });
  }
  bool TraverseLambdaExpr(LambdaExpr *L) {
    // A lambda defined in a loop runs in it; its body is its own function otherwise.
    bool SavedLoop = LoopDepth > 0;
    const FunctionDecl *Outer = Current;
    Current = L->getCallOperator();
    if (SavedLoop && Outer)
      Calls.push_back({Outer, Current, true, period()});
    int SavedDepth = LoopDepth;
    std::vector<const Expr *> SavedPeriods = std::move(Periods);
    LoopDepth = 0;
    Periods.clear();
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(L);
    LoopDepth = SavedDepth;
    Periods = std::move(SavedPeriods);
    Current = Outer;
    return R;
  }
  bool TraverseForStmt(ForStmt *S) {
    TraverseStmt(S->getInit());
    return inLoop([&] {
      TraverseStmt(S->getCond());
      TraverseStmt(S->getInc());
      return TraverseStmt(S->getBody());
    });
  }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    TraverseStmt(S->getRangeInit());
    return inLoop([&] { return TraverseStmt(S->getBody()); });
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    return inLoop([&] { return RecursiveASTVisitor::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) {
    return inLoop([&] { return RecursiveASTVisitor::TraverseDoStmt(S); });
  }
  // Periodic guards (see guardBetween), tracked while walking so that the call graph needs
  // no parent map. A guard counts only inside a loop.
  bool TraverseIfStmt(IfStmt *S) {
    TraverseStmt(S->getInit());
    TraverseStmt(S->getConditionVariableDeclStmt());
    TraverseStmt(S->getCond());
    underGuard(S->getCond() ? periodWhenTrue(S->getCond()) : nullptr,
               [&] { return TraverseStmt(S->getThen()); });
    return underGuard(S->getCond() ? periodWhenFalse(S->getCond()) : nullptr,
                      [&] { return TraverseStmt(S->getElse()); });
  }
  bool TraverseCompoundStmt(CompoundStmt *S) {
    size_t Guards = Periods.size();
    for (Stmt *Child : S->body()) {
      TraverseStmt(Child);
      if (const auto *If = dyn_cast<IfStmt>(Child);
          If && LoopDepth > 0 && !If->getElse() && isContinue(If->getThen()))
        if (const Expr *N = periodWhenFalse(If->getCond()))
          Periods.push_back(N); // what follows runs once every N iterations
    }
    Periods.resize(Guards);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (!Current)
      return true;
    const FunctionDecl *Callee = C->getDirectCallee();
    // module->forward(x) and module(x) reach forward() through operator() templates;
    // the Module subclass's forward is seeded as hot separately.
    if (Callee)
      Calls.push_back({Current, Callee->getCanonicalDecl(), LoopDepth > 0, period()});
    return true;
  }

private:
  template <typename Fn> bool withFunction(FunctionDecl *F, Fn Body) {
    if (!F->doesThisDeclarationHaveABody())
      return true;
    if (isModuleForward(F))
      Forwards.push_back(F->getCanonicalDecl());
    const FunctionDecl *Outer = Current;
    int SavedDepth = LoopDepth;
    std::vector<const Expr *> SavedPeriods = std::move(Periods);
    Current = F->getCanonicalDecl();
    LoopDepth = 0;
    Periods.clear();
    bool R = Body();
    Current = Outer;
    LoopDepth = SavedDepth;
    Periods = std::move(SavedPeriods);
    return R;
  }
  template <typename Fn> bool underGuard(const Expr *N, Fn Body) {
    bool Counts = N && LoopDepth > 0;
    if (Counts)
      Periods.push_back(N);
    bool R = Body();
    if (Counts)
      Periods.pop_back();
    return R;
  }
  const Expr *period() const { return Periods.empty() ? nullptr : Periods.back(); }
  template <typename Fn> bool inLoop(Fn Body) {
    ++LoopDepth;
    bool R = Body();
    --LoopDepth;
    return R;
  }
  const FunctionDecl *Current = nullptr;
  int LoopDepth = 0;
  std::vector<const Expr *> Periods; // the guards around the walk, innermost last
};

} // namespace

HotPath::HotPath(ASTContext &Ctx, const std::vector<Decl *> &TopLevel) : Ctx(Ctx) {
  CallCollector C;
  for (Decl *D : TopLevel)
    C.TraverseDecl(D);
  llvm::DenseMap<const FunctionDecl *, std::vector<const FunctionDecl *>> Callees;
  std::deque<const FunctionDecl *> Work;
  auto MarkHot = [&](const FunctionDecl *F, std::string Reason) {
    if (HotReason.count(F))
      return;
    HotReason[F] = std::move(Reason);
    Work.push_back(F);
  };
  std::vector<std::pair<const FunctionDecl *, RankResult>> PeriodicCalls;
  for (const FunctionDecl *F : C.Forwards)
    MarkHot(F, "in " + describe(F) + " of a torch::nn::Module");
  for (const CallSite &S : C.Calls) {
    Callees[S.Caller].push_back(S.Callee);
    if (!S.InLoop)
      continue;
    if (S.Period)
      PeriodicCalls.push_back({S.Callee, periodic(S.Period, "in " + describe(S.Caller), true)});
    else
      MarkHot(S.Callee, "called in a loop in " + describe(S.Caller));
  }
  while (!Work.empty()) {
    const FunctionDecl *F = Work.front();
    Work.pop_front();
    for (const FunctionDecl *Callee : Callees.lookup(F))
      MarkHot(Callee, "called from " + describe(F) + ", which is hot");
  }
  // Functions called only from periodic code (and not hot by another path) are periodic.
  std::deque<const FunctionDecl *> Periodic;
  auto MarkPeriodic = [&](const FunctionDecl *F, RankResult R) {
    if (HotReason.count(F) || PeriodicReason.count(F))
      return;
    PeriodicReason[F] = std::move(R);
    Periodic.push_back(F);
  };
  for (auto &[Callee, R] : PeriodicCalls)
    MarkPeriodic(Callee, R);
  while (!Periodic.empty()) {
    const FunctionDecl *F = Periodic.front();
    Periodic.pop_front();
    RankResult R = PeriodicReason[F];
    R.Reason = "called from " + describe(F) + ", which is periodic";
    for (const FunctionDecl *Callee : Callees.lookup(F))
      MarkPeriodic(Callee, R);
  }
}

RankResult HotPath::periodic(const Expr *N, const std::string &Where, bool Called) {
  RankResult R{Rank::Periodic, "", std::nullopt};
  Expr::EvalResult V;
  std::string Every;
  if (!N->isValueDependent() && N->EvaluateAsInt(V, Ctx) && V.Val.getInt().isStrictlyPositive()) {
    R.Period = V.Val.getInt().getExtValue();
    Every = std::to_string(*R.Period);
  } else {
    const SourceManager &SM = Ctx.getSourceManager();
    Every = "`" +
            Lexer::getSourceText(CharSourceRange::getTokenRange(N->getSourceRange()), SM,
                                 Ctx.getLangOpts())
                .str() +
            "`";
  }
  R.Reason = std::string(Called ? "called " : "") + "once every " + Every +
             " iterations of a loop" + (Where.empty() ? "" : " " + Where);
  return R;
}

const FunctionDecl *HotPath::enclosingFunction(const Stmt *S) {
  DynTypedNode N = DynTypedNode::create(*S);
  for (int Steps = 0; Steps < 512; ++Steps) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return nullptr;
    N = Parents[0];
    if (const auto *L = N.get<LambdaExpr>())
      return L->getCallOperator();
    if (const auto *F = N.get<FunctionDecl>())
      return F;
  }
  return nullptr;
}

HotPath::LoopPlace HotPath::loopPlace(const Stmt *S) {
  LoopPlace Place;
  const Expr *Guard = nullptr; // the innermost periodic guard seen so far
  DynTypedNode Child = DynTypedNode::create(*S);
  for (int Steps = 0; Steps < 512; ++Steps) {
    auto Parents = Ctx.getParents(Child);
    if (Parents.empty())
      break;
    const DynTypedNode &P = Parents[0];
    if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
      break;
    const Stmt *C = Child.get<Stmt>();
    if (!Guard)
      Guard = guardBetween(P, C);
    bool Body = P.get<WhileStmt>() || P.get<DoStmt>();
    if (const auto *F = P.get<ForStmt>())
      Body = C != F->getInit();
    else if (const auto *R = P.get<CXXForRangeStmt>())
      Body = C == R->getBody();
    if (Body) {
      Place.InLoop = true;
      if (Guard) { // a loop runs the guarded code once every N of its iterations
        Place.Period = Guard;
        return Place;
      }
    }
    Child = P;
  }
  return Place;
}

RankResult HotPath::rankOf(const Stmt *S) {
  LoopPlace Place = loopPlace(S);
  if (Place.Period)
    return periodic(Place.Period, "", false);
  if (Place.InLoop)
    return {Rank::Hot, "inside a loop", std::nullopt};
  if (const FunctionDecl *F = enclosingFunction(S)) {
    if (auto It = HotReason.find(F->getCanonicalDecl()); It != HotReason.end())
      return {Rank::Hot, It->second, std::nullopt};
    if (auto It = PeriodicReason.find(F->getCanonicalDecl()); It != PeriodicReason.end())
      return It->second;
    return {Rank::Cold, "in " + describe(F) + ", not reached from a loop or forward()",
            std::nullopt};
  }
  return {Rank::Cold, "outside any function", std::nullopt};
}

} // namespace hostsync
