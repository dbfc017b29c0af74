// The sizes that make repeat_interleave, histc and one_hot sync-free, read from the code
// that made their input.
//
// repeat_interleave: the output size is host metadata when the repeats are a constant
// fill (torch::full({n}, k), torch::ones({n})) or a literal list (torch::tensor({2, 1, 3})):
// k * x.size(dim) (a one-element repeats tensor broadcasts, so n does not matter), or the
// list's sum. Exact: --fix applies it.
//
// histc and one_hot: a clamp(lo, hi), randint(.., C) or `% C` bounds the values, but the
// op sizes its output by the values actually present. Passing the bound is equivalent only
// when the data reaches it (a fixed range is nearly always what the code means, and keeps
// the output's shape from changing batch to batch), so the rewrite is offered under that
// condition (--fix-notes).
#include "checks/SizeDependentCheck.h"
#include "compat/LLVMCompat.h"

#include "match/RewriteParts.h"
#include "match/TensorMatchers.h"

#include <cstdlib>
#include <numeric>

using namespace clang;

namespace hostsync {

namespace {
// The text of a bound that may be written again (a constant or a variable), as written.
std::string boundText(const Expr *E, const ASTContext &Ctx, const std::string &Source) {
  return isRepeatable(E, Ctx) ? Source : "";
}

// `Text + Delta`, folded when Text is a number.
std::string offsetBy(const std::string &Text, int Delta) {
  char *End = nullptr;
  long long V = std::strtoll(Text.c_str(), &End, 10);
  if (!Text.empty() && End && *End == '\0')
    return std::to_string(V + Delta);
  return Text + (Delta < 0 ? " - " : " + ") + std::to_string(Delta < 0 ? -Delta : Delta);
}
std::string plusOne(const std::string &Text) { return offsetBy(Text, 1); }
std::string minusOne(const std::string &Text) { return offsetBy(Text, -1); }
} // namespace

Rewrite SizeDependentCheck::outputSizeFix(const OpCall &Op) {
  const ASTContext &Ctx = astContext();
  const FunctionDecl *F = Op.Callee;
  bool Unary = F->getNumParams() > 0 && F->getParamDecl(0)->getName() == "repeats" &&
               !Op.IsMethod; // torch::repeat_interleave(repeats): indices 0..n-1 repeated
  const Expr *Repeats = Unary ? Op.Self : argForParam(Op.Call, "repeats");
  auto Made = facts().producer(Repeats);
  if (!Made || Made->Self)
    return {};
  // The repeat count of a constant fill, or the values of a literal list.
  std::optional<int64_t> Each;
  std::vector<int64_t> Values;
  std::string Count; // n of a fill, as written
  if (Made->Name == "full" || Made->Name == "ones") {
    auto Sizes = sizeListArg(Made->Call);
    if (!Sizes || Sizes->size() != 1 || !isRepeatable(Sizes->front(), Ctx))
      return {};
    Count = sourceText(Sizes->front());
    Each = Made->Name == "ones"
               ? std::optional<int64_t>(1)
               : (Made->Args.size() > 1 ? intConstant(Made->Args[1], Ctx) : std::nullopt);
  } else if (Made->Name == "tensor" && !Made->Args.empty()) {
    auto List = bracedList(Made->Args.front());
    for (const Expr *V : List ? *List : std::vector<const Expr *>{}) {
      auto I = intConstant(V, Ctx);
      if (!I)
        return {};
      Values.push_back(*I);
    }
    if (Values.size() == 1)
      Each = Values.front();
  }
  if (!Each && Values.empty())
    return {};

  const Expr *Dim = Unary ? nullptr : argForParam(Op.Call, "dim");
  bool HasDim = Dim && !isDefaultArg(Dim);
  std::string Size;
  if (!Each) { // a literal list of several: the output has sum(repeats) elements
    Size = std::to_string(std::accumulate(Values.begin(), Values.end(), int64_t{0}));
  } else if (Unary) { // n repeats of k
    Size = *Each == 1      ? Count
           : Count.empty() ? std::to_string(*Each)
                           : std::to_string(*Each) + " * " + Count;
  } else { // k broadcast over the input along dim (or over all of it)
    if (!isRepeatable(Op.Self, Ctx))
      return {};
    std::string Self = sourceText(Op.Self);
    std::string Extent = HasDim ? Self + ".size(" + sourceText(Dim) + ")" : Self + ".numel()";
    Size = *Each == 1 ? Extent : std::to_string(*Each) + " * " + Extent;
  }
  if (Size.empty())
    return {};
  std::string Args =
      (Unary || HasDim ? "" : "/*dim=*/c10::nullopt, ") + std::string("/*output_size=*/") + Size;
  return Rewrite({appendArgs(Op.Call, Args)});
}

Rewrite SizeDependentCheck::histcRangeFix(const OpCall &Op) {
  const ASTContext &Ctx = astContext();
  auto Made = facts().producer(Op.Self);
  if (!Made || !compat::isOneOf(Made->Name, {"clamp", "clamp_", "clip", "clip_"}) ||
      Made->Args.size() < 2)
    return {};
  const Expr *Lo = Made->Args[0], *Hi = Made->Args[1];
  auto Literal = [&](const Expr *E) {
    const Expr *S = unwrapConversions(E); // optional<Scalar>(Scalar(v)) -> v
    return isDefaultArg(E) || !isRepeatable(S, Ctx) ? std::string() : sourceText(S);
  };
  std::string L = Literal(Lo), H = Literal(Hi);
  if (L.empty() || H.empty())
    return {};
  const Expr *Bins = argForParam(Op.Call, "bins");
  std::string Args = (Bins && !isDefaultArg(Bins) ? "" : "/*bins=*/100, ") + L + ", " + H;
  return Rewrite({appendArgs(Op.Call, Args)}, "the data reaches both " + L + " and " + H);
}

Rewrite SizeDependentCheck::numClassesFix(const OpCall &Op) {
  const ASTContext &Ctx = astContext();
  // The bound the producer puts on the labels: exclusive (randint's high, `% C`) or
  // inclusive (clamp's max).
  std::string Bound;
  bool Inclusive = false;
  const Expr *Labels = stripTensorExpr(Op.Self);
  if (const auto *Mod = dyn_cast<CXXOperatorCallExpr>(Labels);
      Mod && Mod->getOperator() == OO_Percent && Mod->getNumArgs() == 2) {
    Bound = boundText(Mod->getArg(1), Ctx, sourceText(Mod->getArg(1)));
  } else if (auto Made = facts().producer(Op.Self)) {
    std::vector<const Expr *> Written; // optional<Scalar>(Scalar(v)) -> v
    for (const Expr *A : Made->Args)
      if (!isDefaultArg(A))
        Written.push_back(unwrapConversions(A));
    const Expr *B = nullptr;
    if (Made->Name == "randint") { // randint(high, size) or randint(low, high, size)
      for (const Expr *A : Written)
        if (A->getType()->isIntegerType())
          B = A;
    } else if (compat::isOneOf(Made->Name, {"remainder", "fmod"}) && Written.size() == 1) {
      B = Written[0];
    } else if (compat::isOneOf(Made->Name, {"clamp", "clamp_"}) && Written.size() == 2) {
      B = Written[1];
      Inclusive = true;
    } else if (compat::isOneOf(Made->Name, {"clamp_max", "clamp_max_"}) && Written.size() == 1) {
      B = Written[0];
      Inclusive = true;
    }
    if (B && B->getType()->isIntegerType())
      Bound = boundText(B, Ctx, sourceText(B));
  }
  if (Bound.empty())
    return {};
  std::string Classes = Inclusive ? plusOne(Bound) : Bound;
  std::string Largest = Inclusive ? Bound : minusOne(Bound);
  return Rewrite({appendArgs(Op.Call, Classes)},
                 "the largest label, " + Largest + ", occurs in the data");
}

} // namespace hostsync
