#include "analysis/HotPath.h"
#include "analysis/LoopShapes.h"
#include "analysis/PeriodicGuards.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"

#include <deque>

using namespace clang;

namespace hostsync {

namespace {
std::string describe(const FunctionDecl *F) { return F->getQualifiedNameAsString() + "()"; }
} // namespace

HotPath::HotPath(ASTContext &Ctx, const TUIndex &Index) : Ctx(Ctx) {
  llvm::DenseMap<const FunctionDecl *, std::vector<const FunctionDecl *>> Callees;
  std::deque<const FunctionDecl *> Work;
  auto MarkHot = [&](const FunctionDecl *F, std::string Reason) {
    if (HotReason.count(F))
      return;
    HotReason[F] = std::move(Reason);
    Work.push_back(F);
  };
  std::vector<std::pair<const FunctionDecl *, RankResult>> PeriodicCalls;
  for (const FunctionDecl *F : Index.moduleForwards())
    MarkHot(F, "in " + describe(F) + " of a torch::nn::Module");
  for (const CallRecord &S : Index.calls()) {
    // Calls made in a function's body; constructions are not followed. module->forward(x)
    // and module(x) reach forward() through operator() templates: a Module subclass's
    // forward is hot by itself (above).
    if (!S.Caller || !S.Callee || isa_and_nonnull<CXXConstructExpr>(S.Site))
      continue;
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
    const auto *Do = P.get<DoStmt>();
    bool Body = P.get<WhileStmt>() || (Do && !runsOnce(Do));
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
