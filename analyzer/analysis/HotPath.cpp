#include "analysis/HotPath.h"
#include "analysis/LoopShapes.h"
#include "analysis/PeriodicGuards.h"
#include "model/RankPolicy.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hostsync {

namespace {
std::string describe(const FunctionDecl *F) { return F->getQualifiedNameAsString() + "()"; }
} // namespace

HotPath::HotPath(ASTContext &Ctx, const TUIndex &Index) : Ctx(Ctx) {
  // The rank policy both front ends share (model/RankPolicy), over this file's functions:
  // each numbered once, in the order met.
  std::vector<const FunctionDecl *> ById;
  llvm::DenseMap<const FunctionDecl *, size_t> IdOf;
  auto Id = [&](const FunctionDecl *F) {
    auto [It, Fresh] = IdOf.try_emplace(F, ById.size());
    if (Fresh)
      ById.push_back(F);
    return It->second;
  };
  struct Met {
    size_t Caller, Callee;
    bool InLoop;
    RankResult Periodic; // Value Periodic when under a periodic guard in the loop
  };
  std::vector<size_t> Forwards;
  std::vector<Met> Calls;
  for (const FunctionDecl *F : Index.moduleForwards())
    Forwards.push_back(Id(F));
  for (const CallRecord &S : Index.calls()) {
    // Calls made in a function's body; constructions are not followed. module->forward(x)
    // and module(x) reach forward() through operator() templates: a Module subclass's
    // forward is hot by itself (above).
    if (!S.Caller || !S.Callee || isa_and_nonnull<CXXConstructExpr>(S.Site))
      continue;
    RankResult Guard = S.InLoop && S.Period ? periodic(S.Period, "", false) : RankResult{};
    Calls.push_back({Id(S.Caller), Id(S.Callee), S.InLoop, Guard});
  }
  RankPolicy Policy(ById.size());
  for (size_t F : Forwards)
    Policy.hot(F, "in " + describe(ById[F]) + " of a torch::nn::Module");
  for (const Met &C : Calls)
    Policy.call(C.Caller, C.Callee, C.InLoop, C.Periodic.Value == Rank::Periodic, C.Periodic.Period,
                C.Periodic.Reason); // "once every N iterations of a loop"
  std::vector<RankPolicy::Result> Ranked =
      Policy.solve([&](size_t F) { return describe(ById[F]); });
  for (size_t I = 0; I < ById.size(); ++I) {
    if (Ranked[I].Value == Rank::Hot)
      HotReason[ById[I]] = Ranked[I].Reason;
    else if (Ranked[I].Value == Rank::Periodic)
      PeriodicReason[ById[I]] = {Rank::Periodic, Ranked[I].Reason, Ranked[I].Period};
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
