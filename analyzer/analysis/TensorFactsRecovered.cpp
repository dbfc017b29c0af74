// TensorFacts for calls Clang could not resolve because an argument does not compile (a
// type from a header that is not installed: `torch::from_blob(mat.data, ...)` over an
// OpenCV image). Such a call is kept in the AST with a dependent type and its candidates
// or member name, and two of them can still be read soundly:
// - `from_blob`, when every candidate is LibTorch's: each of its overloads takes the data
//   pointer and the sizes first, and makes its tensor on the device its options (or
//   target device) name, the CPU when they name none, whatever the pointer points to. So
//   the arguments after the first two decide, and must compile to be read;
// - a tensor method called on such a call (`.permute(...)`, `.to(kCUDA)`): the receiver
//   is certainly a tensor, so the name is `at::Tensor`'s method, read as the resolved op;
// - a module's forward called in a template on an object of a template parameter's type
//   (`model->forward(x)` in a `Trainer<Model>`), given tensors: a module's output is where
//   its inputs are (its weights must be there too), as TensorFacts reads LibTorch's layers.
// Anything else stays what it was: a value the analysis does not follow.
#include "analysis/TensorFacts.h"
#include "match/CompileErrors.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace hostsync {

namespace {
// The callee of an unresolved call: every candidate is LibTorch's `from_blob`.
bool isLibTorchFromBlob(const UnresolvedLookupExpr *L) {
  if (L->getName().getAsString() != "from_blob" || L->getNumDecls() == 0)
    return false;
  for (const NamedDecl *D : L->decls()) {
    const FunctionDecl *F = D->getUnderlyingDecl()->getAsFunction();
    if (!F || !isLibTorchDecl(F))
      return false;
  }
  return true;
}

// The member of an unresolved `x.name(...)` call, when x is not a pointer.
const CXXDependentScopeMemberExpr *unresolvedMethod(const CallExpr *Call) {
  const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (!M || M->isImplicitAccess() || M->isArrow() || !M->getMember().isIdentifier())
    return nullptr;
  return M;
}

// An unresolved call only: resolved ones are the op matchers' (asOpCall).
const CallExpr *asUnresolvedCall(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!Call || Call->getDirectCallee() || !Call->isTypeDependent())
    return nullptr;
  return Call;
}
} // namespace

bool TensorFacts::isRecoveredTensor(const Expr *E) {
  const CallExpr *Call = asUnresolvedCall(E);
  if (!Call)
    return false;
  if (const auto *L = dyn_cast<UnresolvedLookupExpr>(Call->getCallee()->IgnoreParenImpCasts()))
    return isLibTorchFromBlob(L);
  const CXXDependentScopeMemberExpr *M = unresolvedMethod(Call);
  if (!M || !isRecoveredTensor(M->getBase()))
    return false;
  StringRef N = M->getMember().getAsIdentifierInfo()->getName();
  return N == "to" || keepsDtype(N); // methods that return a tensor
}

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

std::optional<Device> TensorFacts::unresolvedCallDevice(const Expr *E, int Depth) {
  const CallExpr *Call = asUnresolvedCall(E);
  if (!Call)
    return std::nullopt;
  if (auto D = templateForwardDevice(Call, Depth))
    return D;
  if (!isRecoveredTensor(Call))
    return std::nullopt;
  // Arguments that decide the device must compile: one that does not may name any device.
  auto Named = [&](unsigned From, const std::string &Of) -> std::optional<Device> {
    std::optional<Device> D;
    for (unsigned I = From; I < Call->getNumArgs(); ++I) {
      const Expr *A = Call->getArg(I);
      if (errorsOfItsOwn(A) || A->isTypeDependent())
        return unknown("an argument of " + Of + " that does not compile");
      std::optional<Device> Arg =
          isTensorType(A->getType()) ? deviceAt(A, Depth + 1) : namedAt(A, Depth + 1);
      if (Arg)
        D = D ? combine(*D, *Arg) : *Arg;
    }
    return D;
  };
  if (isa<UnresolvedLookupExpr>(Call->getCallee()->IgnoreParenImpCasts()))
    return Named(2, "`from_blob()`").value_or(Device::Host); // no device named: the CPU
  const CXXDependentScopeMemberExpr *M = unresolvedMethod(Call);
  StringRef N = M->getMember().getAsIdentifierInfo()->getName();
  if (N == "cpu")
    return Device::Host;
  if (N == "cuda")
    return cudaAt(Call);
  if (N == "to") // x.to(device), x.to(other): there; a dtype cast stays where x is
    if (auto Target = Named(0, "`to()`"))
      return *Target;
  return deviceAt(M->getBase(), Depth + 1);
}

} // namespace hostsync
