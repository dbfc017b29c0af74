#include "checks/LinalgCheckErrorsCheck.h"

#include "match/TensorMatchers.h"

using namespace clang::ast_matchers;

namespace hostsync {

void LinalgCheckErrorsCheck::registerMatchers(MatchFinder *Finder) {
  // at::linalg_cholesky and torch::linalg::cholesky both reach here; the _ex forms have
  // other names and are never matched.
  Finder->addMatcher(
      matchers::torchOpCall(matchers::withOutVariants(
                                {"cholesky", "linalg_cholesky", "inverse", "linalg_inv",
                                 "linalg_solve", "linalg_lu_factor", "linalg_ldl_factor",
                                 "inv", "solve", "lu_factor", "ldl_factor"}))
          .bind("call"),
      this);
}

void LinalgCheckErrorsCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<clang::CallExpr>("call");
  auto Op = asOpCall(Call);
  if (!Op || !Op->Self)
    return;
  Device Where = deviceOf(Op->Self);
  std::string Name = Op->Name.str();
  std::string Ex = (Name.rfind("linalg_", 0) == 0 ? Name : "linalg_" + Name) + "_ex";
  if (Name == "inverse" || Name == "inv")
    Ex = "linalg_inv_ex";
  report(Call, opLocation(Call), Op->Name, Where,
         "'" + Name + "' on " + tensorPhrase(Where) +
             " copies its error code to the host to check it; use '" + Ex +
             "', which returns the code as a tensor");
}

} // namespace hostsync
