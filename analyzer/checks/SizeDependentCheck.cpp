#include "checks/SizeDependentCheck.h"
#include "compat/LLVMCompat.h"

#include "match/RewriteParts.h"
#include "match/TensorMatchers.h"
#include "model/SyncTable.h"
#include "rules/RuleIds.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

void SizeDependentCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(matchers::torchOpCall(cppSyncOps(rule::SizeDependent)).bind("call"), this);
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
  const SyncOpRow *Row = syncOpOfCpp(N);
  if (!Row)
    return;
  // The row's condition: the operand it reads a tensor (repeat_interleave's repeats), its
  // keyword unset (output_size, num_classes: -1), its bounds unset (histc's min and max: 0).
  if (!Row->Operand.empty()) {
    const Expr *Operand = argForParam(Call, Row->Operand);
    if (Operand && !isTensorType(Operand->getType()))
      return;
  }
  if (Row->When == SyncWhen::UnlessKeyword && !isUnset(argForParam(Call, Row->Keyword), -1))
    return;
  if (Row->When == SyncWhen::WithoutBounds &&
      (!isUnset(argForParam(Call, "min"), 0) || !isUnset(argForParam(Call, "max"), 0)))
    return;
  std::string Why = std::string(Row->Reads) + "; " + std::string(Row->Advice);
  Rewrite Fix = Row->Fix == SyncFix::OutputSize   ? outputSizeFix(*Op)
                : Row->Fix == SyncFix::HistcRange ? histcRangeFix(*Op)
                : Row->Fix == SyncFix::NumClasses ? numClassesFix(*Op)
                                                  : Rewrite();
  Device Where = deviceOf(Op->Self);
  report(Call, opLocation(Call), N, Where,
         "'" + N.str() + "' on " + tensorPhrase(Where) + " " + Why, "",
         compat::endsWith(N, "_out") ? Rewrite() : Fix);
}

} // namespace hostsync
