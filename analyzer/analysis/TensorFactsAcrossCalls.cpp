// TensorFacts across function boundaries (analysis/CallSites.h says which calls count):
// a parameter that still holds its argument has the devices its callers pass, a call of a
// function of this translation unit the device of what it returns.
#include "analysis/TensorFacts.h"

#include "match/TensorOps.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hostsync {

template <typename Compute> Device TensorFacts::summarise(const Decl *Key, Compute &&C) {
  if (auto It = Summaries.find(Key); It != Summaries.end())
    return It->second;
  if (!Active.insert(Key).second) {
    ++Cuts;
    return Device::Host; // the identity of combine(): adds nothing
  }
  unsigned CutsBefore = Cuts;
  Device D = C();
  Active.erase(Key);
  if (Cuts == CutsBefore)
    Summaries[Key] = D;
  return D;
}

Device TensorFacts::parameterDevice(const ParmVarDecl *P, int Depth) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!F)
    return Device::Unknown;
  return summarise(P, [&] {
    std::optional<Device> D;
    for (const Expr *Arg : Calls.argumentsFor(F, P->getFunctionScopeIndex())) {
      Device A = deviceAt(Arg, Depth + 1);
      D = D ? combine(*D, A) : A;
    }
    // Callers seen passing a CUDA tensor are evidence wherever the other calls are; "on the
    // CPU" needs every call in view.
    if (!D || (*D != Device::Cuda && !Calls.allCallsInView(F)))
      return Device::Unknown;
    return *D;
  });
}

namespace {
class ReturnCollector : public RecursiveASTVisitor<ReturnCollector> {
public:
  bool VisitReturnStmt(ReturnStmt *R) {
    Values.push_back(R->getRetValue());
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; } // their returns are not ours
  std::vector<const Expr *> Values;
};
} // namespace

Device TensorFacts::returnedDevice(const FunctionDecl *F, int Depth) {
  const FunctionDecl *Def = nullptr;
  if (!F || !F->hasBody(Def) || isLibTorchDecl(Def))
    return Device::Unknown;
  if (const auto *M = dyn_cast<CXXMethodDecl>(Def); M && M->isVirtual())
    return Device::Unknown; // an override may run instead
  return summarise(Def, [&] {
    ReturnCollector Returns;
    Returns.TraverseStmt(Def->getBody());
    std::optional<Device> D;
    for (const Expr *V : Returns.Values) {
      Device R = V ? deviceAt(V, Depth + 1) : Device::Unknown;
      D = D ? combine(*D, R) : R;
    }
    return D.value_or(Device::Unknown);
  });
}

Device TensorFacts::calleeDevice(const Expr *E, int Depth) {
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || !isTensorType(Call->getType()))
    return Device::Unknown;
  if (!isLibTorchDecl(F))
    return returnedDevice(F, Depth);
  // A LibTorch module's forward: its weights must be where its input is. Not other methods:
  // register_buffer's tensor, say, moves with the module's later ->to(device).
  if (!F->getIdentifier() || F->getName() != "forward")
    return Device::Unknown;
  std::optional<Device> D;
  for (const Expr *A : Call->arguments())
    if (isTensorType(A->getType())) {
      Device Arg = deviceAt(A, Depth + 1);
      D = D ? combine(*D, Arg) : Arg;
    }
  return D.value_or(Device::Unknown);
}

} // namespace hostsync
