// TensorFacts for a call Clang could not resolve because it is made in a template: a
// module's forward called on an object of a template parameter's type (`model->forward(x)`
// in a `Trainer<Model>`), given tensors: a module's output is where its inputs are (its
// weights must be there too), as TensorFacts reads LibTorch's layers. LibTorch's own ops
// called so, or on an argument that does not compile (`torch::from_blob(mat.data, ...)`
// over an OpenCV image, and the tensor methods called on it), are read as the op calls they
// are (match/TensorOps.h, asRecoveredOpCall), by the op table's rows. Anything else stays
// what it was: a value the analysis does not follow.
#include "analysis/TensorFacts.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace hostsync {

std::optional<Device> TensorFacts::templateForwardDevice(const CallExpr *Call, int Depth) {
  const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (!M || !M->getMember().isIdentifier() ||
      M->getMember().getAsIdentifierInfo()->getName() != "forward")
    return std::nullopt;
  // Tensors only: an argument of another kind (a state struct, a vector of tensors, a
  // dependent one) may hold tensors elsewhere, and the output may follow them.
  std::optional<Device> D;
  bool OnlyTensors = true;
  auto Add = [&](const Expr *A) {
    if (A->isTypeDependent() || !isTensorType(A->getType())) {
      OnlyTensors = false;
      return;
    }
    D = D ? combine(*D, deviceAt(A, Depth + 1)) : deviceAt(A, Depth + 1);
  };
  for (const Expr *A : Call->arguments()) {
    if (const auto *List = dyn_cast<InitListExpr>(A->IgnoreParenImpCasts())) // forward({x})
      for (const Expr *Element : List->inits())
        Add(Element);
    else
      Add(A);
  }
  return OnlyTensors ? D : std::nullopt;
}

} // namespace hostsync
