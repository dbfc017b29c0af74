// One-line AST matchers shared by the rules (clang-tidy style: small named pieces).
#pragma once

#include "match/TensorOps.h"

#include "clang/ASTMatchers/ASTMatchers.h"

#include <string>
#include <vector>

namespace hostsync {
namespace matchers {

AST_MATCHER(clang::FunctionDecl, isLibTorchFunction) { return isLibTorchDecl(&Node); }
AST_MATCHER(clang::Expr, isTensorExpr) { return isTensorType(Node.getType()); }

inline auto tensorClass() {
  return clang::ast_matchers::cxxRecordDecl(
      clang::ast_matchers::hasAnyName("::at::Tensor", "::at::TensorBase"));
}

// Names plus their `_out` variants (at::nonzero_out(out, x)).
inline std::vector<std::string> withOutVariants(std::vector<std::string> Names) {
  size_t N = Names.size();
  for (size_t I = 0; I < N; ++I)
    Names.push_back(Names[I] + "_out");
  return Names;
}

// A call of a LibTorch op with one of these names, spelled as a tensor method or as a
// free function of at:: / torch:: (never std::unique, never a user type's item()).
inline auto torchOpCall(const std::vector<std::string> &Names) {
  using namespace clang::ast_matchers;
  std::vector<llvm::StringRef> Refs(Names.begin(), Names.end());
  auto Named = hasAnyName(llvm::ArrayRef<llvm::StringRef>(Refs));
  return callExpr(
      anyOf(cxxMemberCallExpr(callee(cxxMethodDecl(Named, ofClass(tensorClass())))),
            callExpr(unless(cxxMemberCallExpr()), unless(cxxOperatorCallExpr()),
                     callee(functionDecl(Named, isLibTorchFunction(), unless(cxxMethodDecl()))))));
}

// x.index({...}), x.index_put_({...}, v) and x[t] with a tensor t.
inline auto tensorIndexCall() {
  using namespace clang::ast_matchers;
  return expr(
      anyOf(torchOpCall({"index", "index_put_", "index_put"}),
            cxxOperatorCallExpr(hasOverloadedOperatorName("[]"), hasArgument(0, isTensorExpr()),
                                hasArgument(1, isTensorExpr()))));
}

AST_MATCHER(clang::CXXMethodDecl, isRValueQualified) {
  return Node.getRefQualifier() == clang::RQ_RValue;
}

// `dst[i] = src[j]`, `dst.slice(0, a, b) = src`: a tensor assigned to a tensor expression
// that is not a variable (LibTorch's &&-qualified operator=) is copied into it (copy_);
// assigning to a variable only rebinds it.
inline auto tensorValueAssign() {
  using namespace clang::ast_matchers;
  return cxxOperatorCallExpr(hasOverloadedOperatorName("="),
                             callee(cxxMethodDecl(ofClass(tensorClass()), isRValueQualified())),
                             hasArgument(1, isTensorExpr()));
}

} // namespace matchers

// The parts of an indexing call: the indexed tensor, the index elements, and for
// index_put_ the value stored.
struct IndexCall {
  const clang::Expr *Self = nullptr;
  std::vector<const clang::Expr *> Elements;
  const clang::Expr *Value = nullptr; // index_put_ only
  bool IsPut = false;
};
std::optional<IndexCall> asIndexCall(const clang::Expr *E);

// The argument passed for the parameter named Param (nullptr if the callee has none).
const clang::Expr *argForParam(const clang::CallExpr *Call, llvm::StringRef Param);
// Is the non_blocking argument of this call `true` (or something other than `false`)?
bool passesNonBlocking(const clang::CallExpr *Call);
// The location a diagnostic points at: the method or function name, or the operator.
clang::SourceLocation opLocation(const clang::Expr *E);

} // namespace hostsync
