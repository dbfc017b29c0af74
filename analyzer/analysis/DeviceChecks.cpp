#include "analysis/DeviceChecks.h"
#include "analysis/LoopShapes.h"

#include "match/TensorOps.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hostsync {

namespace {
bool refersTo(const Expr *E, const ValueDecl *D) {
  const DeclRefExpr *R = asVarRef(E);
  return R && R->getDecl()->getCanonicalDecl() == D->getCanonicalDecl();
}

// Looks through what LibTorch's check macros wrap a condition in:
// C10_UNLIKELY(e) = __builtin_expect(static_cast<bool>(e), 0), and parentheses.
const Expr *unwrapCondition(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<CallExpr>(E);
        C && C->getBuiltinCallee() == Builtin::BI__builtin_expect && C->getNumArgs() >= 1) {
      E = C->getArg(0);
      continue;
    }
    if (const auto *Cast = dyn_cast<CXXStaticCastExpr>(E)) {
      E = Cast->getSubExpr();
      continue;
    }
    return E;
  }
}

const CXXMethodDecl *methodNamed(const Expr *E, std::initializer_list<StringRef> Names) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E->IgnoreParenImpCasts());
  if (!MC || !MC->getMethodDecl() || !MC->getMethodDecl()->getIdentifier())
    return nullptr;
  for (StringRef N : Names)
    if (MC->getMethodDecl()->getName() == N)
      return MC->getMethodDecl();
  return nullptr;
}

// Does E read where V lives: V itself, or V through the calls that carry its device,
// `V.device()`, `V.device().type()`, `V.type()` (the deprecated type properties, which
// older extensions check), `V.options().device()`?
bool readsDeviceOf(const Expr *E, const ValueDecl *V) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *K = dyn_cast<CXXConstructExpr>(E); K && K->getNumArgs() == 1) {
      E = K->getArg(0); // a Device made from what is compared
      continue;
    }
    if (methodNamed(E, {"device", "type", "options", "device_type"})) {
      E = cast<CXXMemberCallExpr>(E->IgnoreParenImpCasts())->getImplicitObjectArgument();
      continue;
    }
    return refersTo(E, V);
  }
}

// Is E a c10::Device (not a DeviceType)?
bool isDeviceObject(const Expr *E) {
  const auto *RD = E->IgnoreParenImpCasts()->getType().getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() && RD->getName() == "Device";
}

// What Cond having the value Truth says about V's device (nullopt: nothing), and which
// expression says so.
std::optional<DeviceCheck> implied(const Expr *Cond, const ValueDecl *V, bool Truth) {
  Cond = unwrapCondition(Cond);
  if (const auto *U = dyn_cast<UnaryOperator>(Cond); U && U->getOpcode() == UO_LNot)
    return implied(U->getSubExpr(), V, !Truth);
  if (const auto *B = dyn_cast<BinaryOperator>(Cond)) {
    // `a && b` true, `a || b` false: each part has that value.
    if ((B->getOpcode() == BO_LAnd && Truth) || (B->getOpcode() == BO_LOr && !Truth)) {
      if (auto L = implied(B->getLHS(), V, Truth))
        return L;
      return implied(B->getRHS(), V, Truth);
    }
  }
  // `x.is_cuda()`, `x.device().is_cpu()`, `x.type().is_cuda()`. Not on the CPU is read as
  // CUDA, the one other device this analysis knows.
  if (const CXXMethodDecl *M = methodNamed(Cond, {"is_cuda", "is_cpu"})) {
    const auto *MC = cast<CXXMemberCallExpr>(Cond);
    if (!readsDeviceOf(MC->getImplicitObjectArgument(), V))
      return std::nullopt;
    return DeviceCheck{(M->getName() == "is_cuda") == Truth, MC};
  }
  // `x.device().type() == torch::kCUDA`, `x.device() != at::kCPU`,
  // `x.type().device_type() == c10::DeviceType::CUDA`.
  const Expr *L = nullptr, *R = nullptr;
  bool Equal = false;
  if (const auto *B = dyn_cast<BinaryOperator>(Cond);
      B && (B->getOpcode() == BO_EQ || B->getOpcode() == BO_NE)) {
    L = B->getLHS(), R = B->getRHS(), Equal = B->getOpcode() == BO_EQ;
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Cond);
             Op && Op->getNumArgs() == 2 &&
             (Op->getOperator() == OO_EqualEqual || Op->getOperator() == OO_ExclaimEqual)) {
    L = Op->getArg(0), R = Op->getArg(1), Equal = Op->getOperator() == OO_EqualEqual;
  }
  if (!L)
    return std::nullopt;
  if (!readsDeviceOf(L, V))
    std::swap(L, R);
  if (!readsDeviceOf(L, V))
    return std::nullopt;
  DeviceMention Named = constantDeviceType(R);
  if (Named != DeviceMention::Cuda && Named != DeviceMention::Cpu)
    return std::nullopt;
  bool NamesCuda = Named == DeviceMention::Cuda;
  // A Device (`x.device() == at::kCUDA`) compares the index too: a CUDA tensor's device has
  // one (cuda:0), kCUDA has none, so the comparison with CUDA says nothing either way. With
  // the CPU (no index on either side) it does.
  if (NamesCuda && isDeviceObject(L))
    return std::nullopt;
  // Equal to CUDA, or not equal to the CPU: CUDA.
  return DeviceCheck{NamesCuda == (Equal == Truth), Cond};
}

// Does S never fall through: a return, throw, a call of a [[noreturn]] function (what a
// failed TORCH_CHECK calls), `TORCH_CHECK(false, ...)` and AT_ERROR (an `if` whose condition
// is always true, in a `do { } while (false)`), and, unless inside a `do` (where they leave
// the `do` for the statement after it), break and continue?
bool alwaysExits(ASTContext &Ctx, const Stmt *S, bool InDo = false) {
  if (!S)
    return false;
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return !C->body_empty() && alwaysExits(Ctx, C->body_back(), InDo);
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return runsOnce(Do) && alwaysExits(Ctx, Do->getBody(), true);
  if (const auto *Label = dyn_cast<SwitchCase>(S)) // `case k: return ...;`
    return alwaysExits(Ctx, Label->getSubStmt(), InDo);
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getElse())
      return alwaysExits(Ctx, If->getThen(), InDo) && alwaysExits(Ctx, If->getElse(), InDo);
    if (!alwaysExits(Ctx, If->getThen(), InDo))
      return false;
    bool Always = false;
    const Expr *Cond = If->getCond();
    return Cond && !Cond->isValueDependent() && Cond->EvaluateAsBooleanCondition(Always, Ctx) &&
           Always;
  }
  if (const auto *E = dyn_cast<ExprWithCleanups>(S))
    S = E->getSubExpr();
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = Call->getDirectCallee(); F && F->isNoReturn())
      return true;
  if (isa<ContinueStmt>(S) || isa<BreakStmt>(S))
    return !InDo;
  return isa<ReturnStmt>(S) || isa<CXXThrowExpr>(S);
}

// After `if (cond) <exit>;` cond is false; after `if (cond) ... else <exit>;` it is true.
// What that says about V.
std::optional<DeviceCheck> afterIf(ASTContext &Ctx, const Stmt *S, const ValueDecl *V, bool InDo) {
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || !If->getCond())
    return std::nullopt;
  if (alwaysExits(Ctx, If->getThen(), InDo))
    return If->getElse() && alwaysExits(Ctx, If->getElse(), InDo)
               ? std::nullopt
               : implied(If->getCond(), V, false);
  if (If->getElse() && alwaysExits(Ctx, If->getElse(), InDo))
    return implied(If->getCond(), V, true);
  return std::nullopt;
}

// The same, for the statements of a block from Start (null: its first) to Stop, looking
// inside the `do { ... } while (false)` that AT_ASSERTM wraps its check in (where a break
// or continue leaves the `do`, not the block). The last check wins.
std::optional<DeviceCheck> checksBefore(ASTContext &Ctx, const CompoundStmt *Block,
                                        const Stmt *Start, const Stmt *Stop, const ValueDecl *V,
                                        bool InDo = false) {
  std::optional<DeviceCheck> Found;
  bool Started = !Start;
  for (const Stmt *S : Block->body()) {
    if (S == Stop)
      break;
    Started = Started || S == Start;
    if (!Started)
      continue;
    if (const auto *Do = dyn_cast<DoStmt>(S); Do && runsOnce(Do)) {
      if (const auto *Body = dyn_cast<CompoundStmt>(Do->getBody()))
        if (auto D = checksBefore(Ctx, Body, nullptr, nullptr, V, true))
          Found = D;
      continue;
    }
    if (auto D = afterIf(Ctx, S, V, InDo))
      Found = D;
  }
  return Found;
}

// The labels a statement of a switch on V's device is under: `case kCPU:` (with the labels
// stacked on it, `case kCPU: case kMeta:`) says where V is if every label names one device;
// `default:` says nothing.
std::optional<DeviceCheck> underLabel(const SwitchStmt *Switch, const SwitchCase *Label,
                                      const ValueDecl *V) {
  if (!Switch || !Switch->getCond() || !readsDeviceOf(Switch->getCond(), V))
    return std::nullopt;
  std::optional<DeviceCheck> Found;
  for (const Stmt *S = Label; S;) {
    const auto *Case = dyn_cast<CaseStmt>(S);
    if (!Case || Case->getRHS())
      return std::nullopt; // default:, or a range `case a ... b:`
    DeviceMention Named = constantDeviceType(Case->getLHS());
    if (Named != DeviceMention::Cuda && Named != DeviceMention::Cpu)
      return std::nullopt;
    bool Cuda = Named == DeviceMention::Cuda;
    if (Found && Found->Cuda != Cuda)
      return std::nullopt;
    Found = DeviceCheck{Cuda, Case->getLHS()};
    S = isa<SwitchCase>(Case->getSubStmt()) ? Case->getSubStmt() : nullptr;
  }
  return Found;
}

// What the place of Child under its parent P says: a branch of an if or of `?:`, the right
// side of `&&` or `||`, a block after checks, a case of a switch on the device.
std::optional<DeviceCheck> checkAbove(ASTContext &Ctx, const DynTypedNode &P, const Stmt *C,
                                      const ValueDecl *V) {
  if (!C)
    return std::nullopt;
  if (const auto *If = P.get<IfStmt>();
      If && If->getCond() && (C == If->getThen() || C == If->getElse()))
    return implied(If->getCond(), V, C == If->getThen());
  if (const auto *Cond = P.get<ConditionalOperator>();
      Cond && (C == Cond->getTrueExpr() || C == Cond->getFalseExpr()))
    return implied(Cond->getCond(), V, C == Cond->getTrueExpr());
  if (const auto *B = P.get<BinaryOperator>(); B && B->isLogicalOp() && C == B->getRHS())
    return implied(B->getLHS(), V, B->getOpcode() == BO_LAnd);
  if (const auto *Block = P.get<CompoundStmt>()) {
    auto Parents = Ctx.getParents(P);
    const auto *Switch = Parents.empty() ? nullptr : Parents[0].get<SwitchStmt>();
    if (!Switch || Switch->getBody() != Block)
      return checksBefore(Ctx, Block, nullptr, C, V);
    // In a switch's body, the statements after a label run under it, unless the statement
    // before the label falls through into it; checks count from the label on.
    const SwitchCase *Label = nullptr;
    const Stmt *BeforeLabel = nullptr, *Previous = nullptr;
    for (const Stmt *S : Block->body()) {
      if (const auto *L = dyn_cast<SwitchCase>(S))
        Label = L, BeforeLabel = Previous;
      if (S == C)
        break;
      Previous = S;
    }
    if (!Label)
      return std::nullopt;
    if (!BeforeLabel || alwaysExits(Ctx, BeforeLabel))
      if (auto D = underLabel(Switch, Label, V))
        return D;
    return checksBefore(Ctx, Block, Label, C, V);
  }
  return std::nullopt;
}
// Is the lambda called where it is written: the callee of a call (`[&] { ... }()`, as
// AT_DISPATCH runs it), or an argument of one (at::parallel_for)? A lambda kept in a
// variable may run after the checks around it stop holding.
bool calledInPlace(ASTContext &Ctx, const LambdaExpr &L) {
  DynTypedNode N = DynTypedNode::create(L);
  for (int Steps = 0; Steps < 8; ++Steps) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return false;
    const DynTypedNode &P = Parents[0];
    if (P.get<CallExpr>())
      return true;
    const auto *E = P.get<Expr>();
    if (!E || !(isa<ImplicitCastExpr>(E) || isa<MaterializeTemporaryExpr>(E) ||
                isa<CXXBindTemporaryExpr>(E) || isa<CXXConstructExpr>(E) || isa<ParenExpr>(E) ||
                isa<ExprWithCleanups>(E)))
      return false;
    N = P;
  }
  return false;
}
// Does Body assign to V (`v = ...`, `v += ...`)?
class AssignsTo : public RecursiveASTVisitor<AssignsTo> {
public:
  explicit AssignsTo(const ValueDecl *V) : V(V) {}
  bool Found = false;
  bool VisitBinaryOperator(BinaryOperator *B) {
    Found = Found || (B->isAssignmentOp() && refersTo(B->getLHS(), V));
    return !Found;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
    Found = Found || (Op->isAssignmentOp() && Op->getNumArgs() >= 1 && refersTo(Op->getArg(0), V));
    return !Found;
  }

private:
  const ValueDecl *V;
};

// Does a value assigned to V after the check reach the use? Compared where each is written
// (a check and an assignment in one macro invocation, as in an AT_DISPATCH lambda, expand at
// one place).
bool assignedAfter(ASTContext &Ctx, Definitions &Defs, const DeclRefExpr *Use, const Expr *Check) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation At = SM.getFileLoc(Check->getBeginLoc());
  const auto *V = dyn_cast<VarDecl>(Use->getDecl());
  if (!V)
    return false;
  for (const Expr *Value : Defs.reaching(V, Use->getBeginLoc()).Values)
    if (Value && SM.isBeforeInTranslationUnit(At, SM.getFileLoc(Value->getBeginLoc())))
      return true;
  return false;
}

// Is the use in a loop that does not hold the check and assigns to V: from the second
// iteration on, V holds what the loop assigned, which the check did not see.
bool assignedInLoopAround(ASTContext &Ctx, const DeclRefExpr *Use, const Expr *Check) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation At = SM.getFileLoc(Check->getBeginLoc());
  DynTypedNode N = DynTypedNode::create(*Use);
  for (int Steps = 0; Steps < 256; ++Steps) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty() || Parents[0].get<Decl>())
      return false;
    N = Parents[0];
    const Stmt *Loop = N.get<Stmt>();
    const auto *Do = N.get<DoStmt>();
    if (!Loop || !(isa<ForStmt>(Loop) || isa<WhileStmt>(Loop) || isa<CXXForRangeStmt>(Loop) ||
                   (Do && !runsOnce(Do))))
      continue;
    SourceRange R(SM.getFileLoc(Loop->getBeginLoc()), SM.getFileLoc(Loop->getEndLoc()));
    if (SM.isPointWithin(At, R.getBegin(), R.getEnd()))
      continue; // the check runs again each iteration
    AssignsTo Finder(Use->getDecl());
    Finder.TraverseStmt(const_cast<Stmt *>(Loop));
    if (Finder.Found)
      return true;
  }
  return false;
}
} // namespace

std::optional<DeviceCheck> checkedDevice(ASTContext &Ctx, Definitions &Defs,
                                         const DeclRefExpr *Use) {
  const ValueDecl *V = Use->getDecl();
  DynTypedNode Child = DynTypedNode::create(*Use);
  for (int Steps = 0; Steps < 256; ++Steps) {
    auto Parents = Ctx.getParents(Child);
    if (Parents.empty())
      return std::nullopt;
    // A lambda's body sees the checks around it when it captures V and is called where it is
    // written: AT_DISPATCH calls the lambda it is given there and then. The walk goes on from
    // its call operator (through the lambda's class) to the lambda; a variable of the
    // lambda's own, or a lambda kept to be called later, ends it.
    DynTypedNode P = Parents[0];
    for (const DynTypedNode &Q : Parents)
      if (Q.get<LambdaExpr>())
        P = Q;
    if (const auto *F = P.get<FunctionDecl>()) {
      const auto *M = dyn_cast<CXXMethodDecl>(F);
      if (!M || !M->getParent()->isLambda() || V->getDeclContext() == M)
        return std::nullopt;
    }
    if (const auto *L = P.get<LambdaExpr>();
        L && (V->getDeclContext() == L->getCallOperator() || !calledInPlace(Ctx, *L)))
      return std::nullopt;
    if (auto D = checkAbove(Ctx, P, Child.get<Stmt>(), V))
      return assignedAfter(Ctx, Defs, Use, D->At) || assignedInLoopAround(Ctx, Use, D->At)
                 ? std::nullopt
                 : D;
    Child = P;
  }
  return std::nullopt;
}

} // namespace hostsync
