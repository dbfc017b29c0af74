#include "checks/PrintTensorCheck.h"

#include "match/TensorMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

void PrintTensorCheck::registerMatchers(MatchFinder *Finder) {
  // std::cout << t resolves to at::operator<<(std::ostream&, const at::Tensor&).
  Finder->addMatcher(cxxOperatorCallExpr(hasOverloadedOperatorName("<<"),
                                         hasArgument(1, matchers::isTensorExpr()),
                                         callee(functionDecl(matchers::isLibTorchFunction())))
                         .bind("stream"),
                     this);
  Finder->addMatcher(matchers::torchOpCall({"print"}).bind("call"), this);
}

void PrintTensorCheck::check(const MatchFinder::MatchResult &Result) {
  const Expr *Tensor = nullptr;
  const Expr *At = nullptr;
  if (const auto *S = Result.Nodes.getNodeAs<CXXOperatorCallExpr>("stream")) {
    Tensor = S->getArg(1);
    At = S;
  } else if (const auto *C = Result.Nodes.getNodeAs<CallExpr>("call")) {
    auto Op = asOpCall(C);
    if (!Op)
      return;
    Tensor = Op->Self;
    for (const Expr *A : Op->Args) // at::print(stream, t, width)
      if (!Tensor && isTensorType(A->getType()))
        Tensor = A;
    At = C;
  }
  if (!Tensor)
    return;
  Device Where = deviceOf(Tensor);
  report(At, opLocation(At), "print", Where,
         "printing " + tensorPhrase(Where) +
             " copies it to the host and waits for the GPU to finish");
}

} // namespace hostsync
