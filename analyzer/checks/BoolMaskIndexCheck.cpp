#include "checks/BoolMaskIndexCheck.h"

#include "match/TensorMatchers.h"
#include "model/SyncTable.h"
#include "rules/RuleIds.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

void BoolMaskIndexCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(matchers::tensorIndexCall().bind("index"), this);
  Finder->addMatcher(matchers::torchOpCall(cppSyncOps(rule::BoolMaskIndex)).bind("select"), this);
}

void BoolMaskIndexCheck::check(const MatchFinder::MatchResult &Result) {
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("select")) {
    auto Op = asOpCall(Call);
    if (!Op || !Op->Self)
      return;
    Device Where = deviceOf(Op->Self);
    report(Call, opLocation(Call), Op->Name, Where,
           "'masked_select' on " + tensorPhrase(Where) +
               " synchronizes: the host must read how many elements the mask selects");
    return;
  }
  const auto *E = Result.Nodes.getNodeAs<Expr>("index");
  auto Index = asIndexCall(E);
  if (!Index)
    return;
  const Expr *Mask = nullptr;
  for (const Expr *El : Index->Elements)
    if (isTensorType(El->getType()) && facts().isMask(El) == Answer::Yes) {
      Mask = El;
      break;
    }
  if (!Mask)
    return;
  // index_put_({mask}, scalar) becomes masked_fill_: no sync.
  if (Index->IsPut && (!Index->Value || !isTensorType(Index->Value->getType())))
    return;
  Device Where = deviceOf(Index->Self);
  std::string Op = Index->IsPut                  ? "index_put_({mask}, tensor)"
                   : isa<CXXOperatorCallExpr>(E) ? "operator[](mask)"
                                                 : "index({mask})";
  std::string What = Index->IsPut
                         ? "assigning a tensor through a boolean mask into " + tensorPhrase(Where)
                         : "indexing " + tensorPhrase(Where) + " with a boolean mask";
  report(E, opLocation(E), Op, Where,
         What + " synchronizes: the host must read how many elements the mask selects", "",
         maskedFillFix(E, *Index));
}

// x.index_put_({mask}, v) with a 0-dim v is exactly x.masked_fill_(mask, v), which keeps
// the shape fixed and needs no count from the GPU.
std::vector<FixItHint> BoolMaskIndexCheck::maskedFillFix(const Expr *E, const IndexCall &Index) {
  const auto *Call = dyn_cast<CXXMemberCallExpr>(E);
  const auto *Member = Call ? dyn_cast<MemberExpr>(Call->getCallee()) : nullptr;
  if (!Index.IsPut || Index.Elements.size() != 1 || !Member || !Index.Value ||
      !facts().isZeroDim(Index.Value))
    return {};
  std::string Mask = sourceText(Index.Elements.front()), Value = sourceText(Index.Value);
  if (Mask.empty() || Value.empty())
    return {};
  return {FixItHint::CreateReplacement(
      CharSourceRange::getTokenRange(Member->getMemberLoc(), Call->getRParenLoc()),
      "masked_fill_(" + Mask + ", " + Value + ")")};
}

} // namespace hostsync
