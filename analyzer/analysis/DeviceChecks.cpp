#include "analysis/DeviceChecks.h"

#include "match/TensorOps.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"

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
  DeviceMention Named = mentionedDeviceType(R);
  if (Named != DeviceMention::Cuda && Named != DeviceMention::Cpu)
    return std::nullopt;
  // Equal to CUDA, or not equal to the CPU: CUDA.
  return DeviceCheck{(Named == DeviceMention::Cuda) == (Equal == Truth), Cond};
}

// Does S never fall through: a return, continue, break or throw, a call of a [[noreturn]]
// function (what a failed TORCH_CHECK calls), `TORCH_CHECK(false, ...)` and AT_ERROR (an
// `if` whose condition is always true, in a `do { } while (false)`)?
bool alwaysExits(ASTContext &Ctx, const Stmt *S) {
  if (!S)
    return false;
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return !C->body_empty() && alwaysExits(Ctx, C->body_back());
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return alwaysExits(Ctx, Do->getBody());
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getElse())
      return alwaysExits(Ctx, If->getThen()) && alwaysExits(Ctx, If->getElse());
    bool Always = false;
    const Expr *Cond = If->getCond();
    return Cond && !Cond->isValueDependent() && Cond->EvaluateAsBooleanCondition(Always, Ctx) &&
           Always && alwaysExits(Ctx, If->getThen());
  }
  if (const auto *E = dyn_cast<ExprWithCleanups>(S))
    S = E->getSubExpr();
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = Call->getDirectCallee(); F && F->isNoReturn())
      return true;
  return isa<ReturnStmt>(S) || isa<ContinueStmt>(S) || isa<BreakStmt>(S) || isa<CXXThrowExpr>(S);
}

// After `if (cond) <exit>;` cond is false; after `if (cond) ... else <exit>;` it is true.
// What that says about V.
std::optional<DeviceCheck> afterIf(ASTContext &Ctx, const Stmt *S, const ValueDecl *V) {
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || !If->getCond())
    return std::nullopt;
  if (alwaysExits(Ctx, If->getThen()))
    return If->getElse() && alwaysExits(Ctx, If->getElse()) ? std::nullopt
                                                            : implied(If->getCond(), V, false);
  if (If->getElse() && alwaysExits(Ctx, If->getElse()))
    return implied(If->getCond(), V, true);
  return std::nullopt;
}

// The same, for the statements of a block before Stop, looking inside the
// `do { ... } while (false)` that AT_ASSERTM wraps its check in. The last check wins.
std::optional<DeviceCheck> checksBefore(ASTContext &Ctx, const CompoundStmt *Block,
                                        const Stmt *Stop, const ValueDecl *V) {
  std::optional<DeviceCheck> Found;
  for (const Stmt *S : Block->body()) {
    if (S == Stop)
      break;
    if (const auto *Do = dyn_cast<DoStmt>(S))
      if (const auto *Body = dyn_cast<CompoundStmt>(Do->getBody())) {
        if (auto D = checksBefore(Ctx, Body, nullptr, V))
          Found = D;
        continue;
      }
    if (auto D = afterIf(Ctx, S, V))
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
    if (!Case)
      return std::nullopt; // default:
    DeviceMention Named = mentionedDeviceType(Case->getLHS());
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
  if (const auto *If = P.get<IfStmt>(); If && (C == If->getThen() || C == If->getElse()))
    return implied(If->getCond(), V, C == If->getThen());
  if (const auto *Cond = P.get<ConditionalOperator>();
      Cond && (C == Cond->getTrueExpr() || C == Cond->getFalseExpr()))
    return implied(Cond->getCond(), V, C == Cond->getTrueExpr());
  if (const auto *B = P.get<BinaryOperator>(); B && B->isLogicalOp() && C == B->getRHS())
    return implied(B->getLHS(), V, B->getOpcode() == BO_LAnd);
  if (const auto *Block = P.get<CompoundStmt>()) {
    // In a switch's body, the statements after a label run under it (up to a break).
    const SwitchCase *Label = nullptr;
    for (const Stmt *S : Block->body()) {
      if (const auto *L = dyn_cast<SwitchCase>(S))
        Label = L;
      if (S == C)
        break;
    }
    auto Parents = Ctx.getParents(P);
    if (Label && !Parents.empty())
      if (const auto *Switch = Parents[0].get<SwitchStmt>(); Switch && Switch->getBody() == Block)
        if (auto D = underLabel(Switch, Label, V))
          return D;
    return checksBefore(Ctx, Block, C, V);
  }
  return std::nullopt;
}
} // namespace

std::optional<DeviceCheck> checkedDevice(ASTContext &Ctx, const DeclRefExpr *Use) {
  const ValueDecl *V = Use->getDecl();
  DynTypedNode Child = DynTypedNode::create(*Use);
  for (int Steps = 0; Steps < 256; ++Steps) {
    auto Parents = Ctx.getParents(Child);
    if (Parents.empty())
      return std::nullopt;
    // A lambda's body sees the checks around it when it captures V: AT_DISPATCH calls the
    // lambda it is given there and then. The walk goes on from its call operator (through
    // the lambda's class) to the lambda; a variable of the lambda's own ends it.
    DynTypedNode P = Parents[0];
    for (const DynTypedNode &Q : Parents)
      if (Q.get<LambdaExpr>())
        P = Q;
    if (const auto *F = P.get<FunctionDecl>()) {
      const auto *M = dyn_cast<CXXMethodDecl>(F);
      if (!M || !M->getParent()->isLambda() || V->getDeclContext() == M)
        return std::nullopt;
    }
    if (const auto *L = P.get<LambdaExpr>(); L && V->getDeclContext() == L->getCallOperator())
      return std::nullopt;
    if (auto D = checkAbove(Ctx, P, Child.get<Stmt>(), V))
      return D;
    Child = P;
  }
  return std::nullopt;
}

} // namespace hostsync
