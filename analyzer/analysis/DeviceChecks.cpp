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

// For `cond`, tells whether V is on CUDA when cond is true (nullopt: cond says nothing),
// and which call says so.
std::optional<DeviceCheck> cudaWhenTrue(const Expr *Cond, const ValueDecl *V) {
  Cond = unwrapCondition(Cond);
  if (const auto *U = dyn_cast<UnaryOperator>(Cond))
    if (U->getOpcode() == UO_LNot) {
      if (auto Inner = cudaWhenTrue(U->getSubExpr(), V)) {
        Inner->Cuda = !Inner->Cuda;
        return Inner;
      }
      return std::nullopt;
    }
  // `a && b` true: both hold.
  if (const auto *B = dyn_cast<BinaryOperator>(Cond); B && B->getOpcode() == BO_LAnd) {
    if (auto L = cudaWhenTrue(B->getLHS(), V))
      return L;
    return cudaWhenTrue(B->getRHS(), V);
  }
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Cond);
  if (!MC || !MC->getMethodDecl() || !MC->getMethodDecl()->getIdentifier())
    return std::nullopt;
  StringRef N = MC->getMethodDecl()->getName();
  if (N != "is_cuda" && N != "is_cpu")
    return std::nullopt;
  const Expr *Obj = MC->getImplicitObjectArgument()->IgnoreParenImpCasts();
  // x.device().is_cuda()
  if (const auto *Inner = dyn_cast<CXXMemberCallExpr>(Obj))
    if (Inner->getMethodDecl() && Inner->getMethodDecl()->getIdentifier() &&
        Inner->getMethodDecl()->getName() == "device")
      Obj = Inner->getImplicitObjectArgument();
  if (!refersTo(Obj, V))
    return std::nullopt;
  return DeviceCheck{N == "is_cuda", MC};
}

// Does S never fall through: a return, continue, break or throw, or a call of a
// [[noreturn]] function (what a failed TORCH_CHECK calls)?
bool alwaysExits(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return !C->body_empty() && alwaysExits(C->body_back());
  if (const auto *E = dyn_cast<ExprWithCleanups>(S))
    S = E->getSubExpr();
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = Call->getDirectCallee(); F && F->isNoReturn())
      return true;
  return isa<ReturnStmt>(S) || isa<ContinueStmt>(S) || isa<BreakStmt>(S) || isa<CXXThrowExpr>(S);
}

// An `if (cond) <exit>;` with no else: after it, !cond holds. What it says about V.
std::optional<DeviceCheck> afterExitingIf(const Stmt *S, const ValueDecl *V) {
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || If->getElse() || !alwaysExits(If->getThen()))
    return std::nullopt;
  if (auto W = cudaWhenTrue(If->getCond(), V)) {
    W->Cuda = !W->Cuda;
    return W;
  }
  return std::nullopt;
}

// The same, for the statements of a block before Stop, looking inside the
// `do { ... } while (false)` that AT_ASSERTM wraps its check in. The last check wins.
std::optional<DeviceCheck> checksBefore(const CompoundStmt *Block, const Stmt *Stop,
                                        const ValueDecl *V) {
  std::optional<DeviceCheck> Found;
  for (const Stmt *S : Block->body()) {
    if (S == Stop)
      break;
    if (const auto *Do = dyn_cast<DoStmt>(S))
      if (const auto *Body = dyn_cast<CompoundStmt>(Do->getBody())) {
        if (auto D = checksBefore(Body, nullptr, V))
          Found = D;
        continue;
      }
    if (auto D = afterExitingIf(S, V))
      Found = D;
  }
  return Found;
}
} // namespace

std::optional<DeviceCheck> checkedDevice(ASTContext &Ctx, const DeclRefExpr *Use) {
  const ValueDecl *V = Use->getDecl();
  DynTypedNode Child = DynTypedNode::create(*Use);
  for (int Steps = 0; Steps < 256; ++Steps) {
    auto Parents = Ctx.getParents(Child);
    if (Parents.empty())
      return std::nullopt;
    const DynTypedNode &P = Parents[0];
    if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
      return std::nullopt;
    const Stmt *C = Child.get<Stmt>();
    if (const auto *If = P.get<IfStmt>())
      if (C && (C == If->getThen() || C == If->getElse()))
        if (auto W = cudaWhenTrue(If->getCond(), V)) {
          if (C == If->getElse())
            W->Cuda = !W->Cuda;
          return W;
        }
    if (const auto *Block = P.get<CompoundStmt>())
      if (auto D = checksBefore(Block, C, V))
        return D;
    Child = P;
  }
  return std::nullopt;
}

} // namespace hostsync
