#include "checks/SizeDependentCheck.h"
#include "compat/LLVMCompat.h"

#include "match/RewriteParts.h"
#include "match/TensorMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

void SizeDependentCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      matchers::torchOpCall(
          matchers::withOutVariants({"repeat_interleave", "bincount", "histc", "one_hot"}))
          .bind("call"),
      this);
}

// Is the argument absent, nullopt, or the given integer literal (the "unknown" default)?
static bool isUnset(const Expr *A, int64_t Sentinel) {
  if (!A || isDefaultArg(A))
    return true;
  const Expr *E = unwrapConversions(A)->IgnoreParenImpCasts(); // optional<int64_t>(n)
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))          // optional<int64_t>(): nullopt
    return CE->getNumArgs() == 0;
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) // c10::nullopt
    return R->getDecl()->getName() == "nullopt";
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_Minus)
      if (const auto *I = dyn_cast<IntegerLiteral>(U->getSubExpr()->IgnoreParenImpCasts()))
        return -static_cast<int64_t>(I->getValue().getZExtValue()) == Sentinel;
  if (const auto *I = dyn_cast<IntegerLiteral>(E))
    return static_cast<int64_t>(I->getValue().getZExtValue()) == Sentinel;
  if (const auto *F = dyn_cast<FloatingLiteral>(E))
    return F->getValueAsApproximateDouble() == static_cast<double>(Sentinel);
  return false;
}

void SizeDependentCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  auto Op = asOpCall(Call);
  if (!Op || !Op->Self)
    return;
  StringRef N = Op->Name;
  std::string Why;
  Rewrite Fix;
  if (compat::startsWith(N, "repeat_interleave")) {
    const Expr *Repeats = argForParam(Call, "repeats");
    bool TensorRepeats = Repeats ? isTensorType(Repeats->getType()) : true; // (repeats)
    if (!TensorRepeats || !isUnset(argForParam(Call, "output_size"), -1))
      return;
    Why = "reads the sum of the repeats to size its output; pass output_size";
    Fix = outputSizeFix(*Op);
  } else if (compat::startsWith(N, "bincount")) {
    Why = "reads the largest value to size its output; use a fixed-size scatter_add_";
  } else if (compat::startsWith(N, "histc")) {
    if (!isUnset(argForParam(Call, "min"), 0) || !isUnset(argForParam(Call, "max"), 0))
      return;
    Why = "reads the data's min and max to place its bins; pass min and max";
    Fix = histcRangeFix(*Op);
  } else {
    if (!isUnset(argForParam(Call, "num_classes"), -1))
      return;
    Why = "reads the largest label to size its output; pass num_classes";
    Fix = numClassesFix(*Op);
  }
  Device Where = deviceOf(Op->Self);
  report(Call, opLocation(Call), N, Where,
         "'" + N.str() + "' on " + tensorPhrase(Where) + " " + Why, "",
         compat::endsWith(N, "_out") ? Rewrite() : Fix);
}

} // namespace hostsync
