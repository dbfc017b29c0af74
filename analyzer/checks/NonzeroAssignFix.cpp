// The seed's `inds = nonzero(c); target[inds] = -1` in LibTorch:
//
//   auto inds = torch::nonzero(target == 0);           // or torch::where(target == 0)
//   target.index_put_({inds.select(1, 0), inds.select(1, 1)}, -1);   // or {inds[0], inds[1]}
//
// When the indices serve only that one assignment of a single value, the same writes are
// target.masked_fill_(mask, -1): no count to read, no sync. The rewrite keeps the mask's
// evaluation where the indices were computed (`auto inds = target == 0;`), so statements
// in between see nothing change. It is exact when the index list names every column of
// the indices, in order, and the mask has the shape of the target; the first holds when
// the target's dimension count is known to be the list's length, else the rewrite is
// offered under that condition.
#include "checks/NonzeroCheck.h"
#include "compat/LLVMCompat.h"

#include "match/RewriteParts.h"
#include "match/TensorMatchers.h"

#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace hostsync {

namespace {
unsigned countRefs(const Stmt *S, const VarDecl *V) {
  if (!S)
    return 0;
  unsigned N = 0;
  if (const auto *R = dyn_cast<DeclRefExpr>(S))
    N += R->getDecl() == V;
  for (const Stmt *C : S->children())
    N += countRefs(C, V);
  return N;
}

const VarDecl *varOf(const Expr *E) {
  const DeclRefExpr *R = asVarRef(E);
  return R ? cast<VarDecl>(R->getDecl()) : nullptr;
}

// The local variable that Call initialises, and the statement declaring it alone.
std::pair<const VarDecl *, const DeclStmt *> declaredBy(const CallExpr *Call, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*Call);
  for (int Up = 0; Up < 6; ++Up) {
    auto Parents = Ctx.getParents(Node);
    if (Parents.size() != 1)
      return {};
    Node = Parents[0];
    if (const auto *V = Node.get<VarDecl>()) {
      if (!V->hasLocalStorage() || !V->getInit() || stripTensorExpr(V->getInit()) != Call)
        return {};
      auto DP = Ctx.getParents(*V);
      const auto *D = DP.size() == 1 ? DP[0].get<DeclStmt>() : nullptr;
      return {V, D && D->isSingleDecl() ? D : nullptr};
    }
    if (!Node.get<Expr>())
      return {};
  }
  return {};
}

// An expression statement without its temporaries' cleanups.
const Expr *plain(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  return E ? E->IgnoreImplicit() : nullptr;
}

// Is element I of the index list column I of the indices (inds.select(1, I), inds[I])?
bool isColumn(const Expr *El, const VarDecl *Inds, int64_t I, bool Rows, ASTContext &Ctx) {
  El = stripTensorExpr(El);
  if (Rows) { // where(c): a vector with one index tensor per dimension
    const auto *Sub = dyn_cast<CXXOperatorCallExpr>(El);
    return Sub && Sub->getOperator() == OO_Subscript && Sub->getNumArgs() == 2 &&
           varOf(Sub->getArg(0)) == Inds && intConstant(Sub->getArg(1), Ctx) == I;
  }
  auto Op = asOpCall(El); // nonzero(c): an [N, dim] tensor, one column per dimension
  return Op && Op->Name == "select" && Op->Args.size() == 2 && varOf(Op->Self) == Inds &&
         intConstant(Op->Args[0], Ctx) == 1 && intConstant(Op->Args[1], Ctx) == I;
}

// `x = x.clone()` (or contiguous, detach): a new tensor with the same shape and values.
bool rebindsSameShape(const Stmt *S, const VarDecl *X) {
  const auto *Assign = dyn_cast_or_null<CXXOperatorCallExpr>(plain(S));
  if (!Assign || Assign->getOperator() != OO_Equal || varOf(Assign->getArg(0)) != X)
    return false;
  auto Op = asOpCall(Assign->getArg(1));
  return Op && varOf(Op->Self) == X && compat::isOneOf(Op->Name, {"clone", "contiguous", "detach"});
}
} // namespace

// Is the mask elementwise over X alone (x == 0, x.lt(v), x.isnan()): the shape of X?
static bool maskShapedLike(const Expr *Cond, const VarDecl *X, TensorFacts &Facts) {
  auto Scalar = [&](const Expr *E) { return !isTensorType(E->getType()) || Facts.isZeroDim(E); };
  Cond = stripTensorExpr(Cond)->IgnoreParens();
  if (const auto *Cmp = dyn_cast<CXXOperatorCallExpr>(Cond)) {
    if (!Cmp->isComparisonOp() || Cmp->getNumArgs() != 2)
      return false;
    const Expr *A = Cmp->getArg(0), *B = Cmp->getArg(1);
    return (varOf(A) == X && Scalar(B)) || (varOf(B) == X && Scalar(A));
  }
  auto Op = asOpCall(Cond);
  if (!Op || varOf(Op->Self) != X)
    return false;
  std::vector<const Expr *> Rest;
  for (const Expr *A : Op->Args)
    if (!isDefaultArg(A))
      Rest.push_back(A);
  if (compat::isOneOf(Op->Name, {"eq", "ne", "lt", "le", "gt", "ge"}))
    return Rest.size() == 1 && Scalar(Rest[0]);
  return compat::isOneOf(Op->Name, {"isnan", "isinf", "isfinite", "logical_not"}) && Rest.empty();
}

Rewrite NonzeroCheck::assignOnlyFix(const CallExpr *Call, const Expr *Cond) {
  ASTContext &Ctx = astContext();
  auto [Inds, Decl] = declaredBy(Call, Ctx);
  if (!Inds || !Decl)
    return {};
  auto Op = asOpCall(Call);
  bool Rows = Op->Name == "where" || Op->Name == "nonzero_numpy";
  // `auto inds` may become a mask; an explicitly typed vector could not hold one.
  if (Rows && !Inds->getType()->getContainedAutoType())
    return {};
  auto Parents = Ctx.getParents(*Decl);
  const auto *Block = Parents.size() == 1 ? Parents[0].get<CompoundStmt>() : nullptr;
  if (!Block)
    return {};

  // The statements after the declaration: the one assignment through the indices, and
  // before it only statements that leave the target's shape alone.
  const Stmt *Put = nullptr;
  unsigned Uses = 0, After = 0;
  std::vector<const Stmt *> Between;
  bool Seen = false;
  for (const Stmt *S : Block->body()) {
    if (S == Decl) {
      Seen = true;
      continue;
    }
    if (!Seen)
      continue;
    unsigned N = countRefs(S, Inds);
    if (Put)
      After += N;
    else if (N) {
      Put = S;
      Uses = N;
    } else
      Between.push_back(S);
  }
  const auto *PutCall = dyn_cast_or_null<CXXMemberCallExpr>(plain(Put));
  auto Index = PutCall ? asIndexCall(PutCall) : std::nullopt;
  auto PutOp = PutCall ? asOpCall(PutCall) : std::nullopt;
  if (!Index || !Index->IsPut || !Index->Value || After || PutOp->Name != "index_put_" ||
      Uses != Index->Elements.size() || writtenArgs(PutCall).size() != 2)
    return {};
  for (size_t I = 0; I < Index->Elements.size(); ++I)
    if (!isColumn(Index->Elements[I], Inds, static_cast<int64_t>(I), Rows, Ctx))
      return {};
  const VarDecl *X = varOf(Index->Self);
  if (!X)
    return {};
  for (const Stmt *S : Between)
    if (countRefs(S, X) && !rebindsSameShape(S, X))
      return {};
  if (isTensorType(Index->Value->getType()) && !facts().isZeroDim(Index->Value))
    return {};

  std::string Mask = sourceText(Cond), Value = sourceText(Index->Value);
  const auto *Member = dyn_cast<MemberExpr>(PutCall->getCallee());
  if (Mask.empty() || Value.empty() || !Member)
    return {};
  size_t K = Index->Elements.size();
  std::string Target = "'" + X->getName().str() + "'";
  std::string Dims = std::to_string(K) + (K == 1 ? " dimension" : " dimensions");
  std::string Condition;
  if (!maskShapedLike(Cond, X, facts()))
    Condition = "the mask has the shape of " + Target + ", which has " + Dims;
  else if (auto D = facts().knownDim(Index->Self); !D)
    Condition = Target + " has " + Dims;
  else if (static_cast<size_t>(*D) != K)
    return {}; // the list names fewer columns than the target has dimensions
  return Rewrite(
      {FixItHint::CreateReplacement(
           CharSourceRange::getTokenRange(Member->getMemberLoc(), PutCall->getRParenLoc()),
           "masked_fill_(" + Inds->getName().str() + ", " + Value + ")"),
       FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Call->getSourceRange()), Mask)},
      Condition);
}

} // namespace hostsync
