#include "checks/LinalgCheckErrorsCheck.h"

#include "model/SyncTable.h"

#include "compat/LLVMCompat.h"
#include "match/RewriteParts.h"
#include "match/TensorMatchers.h"

using namespace clang::ast_matchers;

namespace hostsync {

void LinalgCheckErrorsCheck::registerMatchers(MatchFinder *Finder) {
  // at::linalg_cholesky and torch::linalg::cholesky both reach here; the _ex forms have
  // other names and are never matched.
  Finder->addMatcher(
      matchers::torchOpCall(
          matchers::withOutVariants({"cholesky", "linalg_cholesky", "inverse", "linalg_inv",
                                     "linalg_solve", "linalg_lu_factor", "linalg_ldl_factor", "inv",
                                     "solve", "lu_factor", "ldl_factor",
                                     // Decompositions that check convergence, with no _ex form.
                                     "svd", "linalg_svd", "svdvals", "linalg_svdvals", "eigh",
                                     "linalg_eigh", "eigvalsh", "linalg_eigvalsh", "pinverse",
                                     "pinv", "linalg_pinv", "matrix_rank", "linalg_matrix_rank"}))
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
  if (converges(Name))
    return report(Call, opLocation(Call), Op->Name, Where,
                  "'" + Name + "' on " + tensorPhrase(Where) +
                      " copies its convergence code to the host to check it, and no _ex form "
                      "skips the check: decompose less often (once per N steps, or outside the "
                      "loop)");
  std::string Ex = (Name.rfind("linalg_", 0) == 0 ? Name : "linalg_" + Name) + "_ex";
  if (Name == "inverse" || Name == "inv")
    Ex = "linalg_inv_ex";
  report(Call, opLocation(Call), Op->Name, Where,
         "'" + Name + "' on " + tensorPhrase(Where) +
             " copies its error code to the host to check it; use '" + Ex +
             "', which returns the code as a tensor",
         "", uncheckedFix(*Op, Ex));
}

bool LinalgCheckErrorsCheck::converges(llvm::StringRef Name) {
  // svd, eigh and what is computed with them (pinv, matrix_rank): their _out forms too.
  Name.consume_back("_out");
  Name.consume_front("linalg_");
  return Name == "svd" || Name == "svdvals" || Name == "eigh" || Name == "eigvalsh" ||
         Name == "pinverse" || Name == "pinv" || Name == "matrix_rank";
}

// std::get<0>(torch::linalg_inv_ex(A)) computes what linalg_inv(A) does, without the
// check: a singular (or not positive-definite) input then gives garbage instead of an
// exception. That is a change of behaviour, so it is offered under that condition only
// (--fix-notes). Ops whose _ex form returns more than the plain one's result plus the
// code (lu_factor, ldl_factor) keep the note.
Rewrite LinalgCheckErrorsCheck::uncheckedFix(const OpCall &Op, const std::string &Ex) {
  const LinalgExRow *Row = linalgExOfCpp(Ex); // model/SyncTable: Python's rewrite reads it too
  if (!Row || compat::endsWith(Op.Name, "_out"))
    return {};
  std::string Args = sourceText(Op.Self);
  for (const clang::Expr *A : writtenArgs(Op.Call))
    if (A != Op.Self)
      Args += ", " + sourceText(A);
  if (Args.empty())
    return {};
  return Rewrite({clang::FixItHint::CreateReplacement(
                     clang::CharSourceRange::getTokenRange(Op.Call->getSourceRange()),
                     "std::get<0>(torch::" + Ex + "(" + Args + "))")},
                 uncheckedCondition(*Row));
}

} // namespace hostsync
