// TensorFacts across function boundaries (analysis/CallSites.h says which calls count):
// a parameter that still holds its argument has the devices its callers pass, a call of a
// function of this translation unit the device of what it returns.
#include "analysis/TensorFacts.h"

#include "compat/LLVMCompat.h"
#include "match/DataLoaders.h"
#include "match/LibraryCalls.h"
#include "match/Modules.h"
#include "match/TensorOps.h"

using namespace clang;

namespace hostsync {

void DeviceTrace::merge(const DeviceTrace &O) {
  Keys.insert(O.Keys.begin(), O.Keys.end());
  Params.insert(O.Params.begin(), O.Params.end());
  if (!CudaAt)
    CudaAt = O.CudaAt;
  if (UnknownWhy.empty())
    UnknownWhy = O.UnknownWhy;
}

Device TensorFacts::unknown(const std::string &Why) {
  if (Trace.UnknownWhy.empty())
    Trace.UnknownWhy = Why;
  return Device::Unknown;
}

Device TensorFacts::open(const FactKey &K, const std::string &Why) {
  if (K.Key.empty())
    return unknown(Why);
  Trace.Keys.insert(K.Key);
  KeyNames.emplace(K.Key, K.Name);
  return Device::Deferred;
}

template <typename Compute> Device TensorFacts::summarise(const Decl *Key, Compute &&C) {
  if (Object.Construct) { // read with one object's construction: neither taken nor kept
    if (!Active.insert(Key).second) {
      ++Cuts;
      return Device::Cpu;
    }
    Device D = C();
    Active.erase(Key);
    return D;
  }
  if (auto It = Summaries.find(Key); It != Summaries.end()) {
    Trace.merge(It->second.Trace);
    return It->second.D;
  }
  if (!Active.insert(Key).second) {
    ++Cuts;
    return Device::Cpu; // the identity of combine(): adds nothing
  }
  unsigned CutsBefore = Cuts;
  DeviceTrace Outer = Trace; // the summary's own trace, kept with it
  Trace = DeviceTrace();
  Device D = C();
  Active.erase(Key);
  if (Cuts == CutsBefore)
    Summaries[Key] = {D, Trace};
  Outer.merge(Trace);
  Trace = Outer;
  return D;
}

Device TensorFacts::returnDevice(const FunctionDecl *F, bool OwnBody) {
  begin();
  return answer(returnedDevice(F, 0, OwnBody));
}

Device TensorFacts::parameterDevice(const ParmVarDecl *P, int Depth) {
  Trace.Params.insert(P);
  if (auto D = objectArgument(P, Depth))
    return *D;
  if (Object.Construct) // every caller's arguments: none is read with this object
    return outsideObject([&] { return parameterDevice(P, Depth); });
  return summarise(P, [&] {
    Sources S = Origins.parameter(P);
    std::optional<Device> D;
    for (const Expr *Arg : S.Values) {
      Device A = carriesTensors(P->getType()) ? deviceAt(Arg, Depth + 1)
                                              : namedAt(Arg, Depth + 1).value_or(Device::Unknown);
      D = D ? combine(*D, A) : A;
    }
    // Callers seen passing a CUDA tensor are evidence wherever the other calls are; "on the
    // CPU" needs every call in view, here or in the project's other files.
    if (D && (*D == Device::Cuda || S.AllInView))
      return *D;
    if (!D && S.LeftEmpty && S.AllInView)
      return Device::Cpu; // every call is here and none gives a tensor: dead code
    return combine(D.value_or(Device::Cpu), elsewhere(S));
  });
}

Device TensorFacts::elsewhere(const Sources &S) {
  if (!S.UnknownWhy.empty())
    return unknown(S.UnknownWhy);
  Device D = Device::Cpu;
  for (const FactKey &K : S.Open)
    D = combine(D, open(K, S.Name));
  return D;
}

Device TensorFacts::memberDevice(const FieldDecl *F, int Depth) {
  // The class's summary holds every object's stores: none is read with one construction.
  if (Object.Construct)
    return outsideObject([&] { return memberDevice(F, Depth); });
  // Members stored from each other (`probs = softmax(logits)`, `logits = log(probs)`) are
  // a cycle: summarised as a least fixed point, like recursive functions.
  return summarise(F, [&] {
    Sources S = Origins.member(F);
    std::optional<Device> D;
    for (const Expr *V : S.Values) {
      Device Stored = isTensorType(F->getType()) ? deviceAt(V, Depth + 1)
                                                 : namedAt(V, Depth + 1).value_or(Device::Unknown);
      D = D ? combine(*D, Stored) : Stored;
    }
    // The stores of the file that has any (usually the one that defines the constructor:
    // which keeps an index built on the host certainly on the host for the rules), the
    // project's otherwise (ValueSources.h).
    return D ? *D : elsewhere(S);
  });
}

Device TensorFacts::returnedDevice(const FunctionDecl *F, int Depth, bool OwnBody) {
  Sources S = Origins.returned(F, OwnBody);
  if (!S.Owner)
    return elsewhere(S);
  return summarise(S.Owner, [&] {
    std::optional<Device> D;
    for (const Expr *V : S.Values) {
      Device R = V ? deviceAt(V, Depth + 1) : Device::Unknown;
      D = D ? combine(*D, R) : R;
    }
    return D ? *D : elsewhere(S);
  });
}

Device TensorFacts::calleeDevice(const Expr *E, int Depth) {
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (F && Call->getType()->isVoidType()) // a store through a reference (TUIndex::fieldStores)
    return unknown("filled through a reference by " + quotedName(F));
  if (!F || !carriesTensors(Call->getType()))
    return unknown("a value the analysis does not follow");
  // opt.value() of an optional tensor: the tensor it holds; v.at(i), v.front(), v.data()...
  // of a standard container of tensors: where its tensors are.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
      MC && F->getIdentifier() && libraryCallIs(F->getName(), LibraryUse::ReadsElement) &&
      !isTensorType(MC->getImplicitObjectArgument()->getType()) &&
      carriesTensors(MC->getImplicitObjectArgument()->getType()))
    return deviceAt(MC->getImplicitObjectArgument(), Depth + 1);
  if (!isLibTorchDecl(F)) {
    if (auto D = objectCallDevice(Call, F, Depth))
      return *D;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
        Object.Construct && MC &&
        !isa<CXXThisExpr>(MC->getImplicitObjectArgument()->IgnoreParenImpCasts()))
      return outsideObject([&] { return returnedDevice(F, Depth); }); // another object's
    return returnedDevice(F, Depth);
  }
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  // A buffer or parameter a module registers is the tensor given, and moves with the
  // module: where the project moves modules of its class (an evidence key).
  if (MC && F->getIdentifier() && libraryCallIs(F->getName(), LibraryUse::RegistersTensor)) {
    Device D = Device::Cpu;
    for (const Expr *A : Call->arguments())
      if (isTensorType(A->getType()))
        D = deviceAt(A, Depth + 1);
    if (const CXXRecordDecl *C = calledModule(MC))
      return combine(D, open(moduleKey(C), "a buffer of a module only this file can name"));
    return combine(D, unknown("a buffer of a module the analysis cannot name"));
  }
  // A LibTorch module's forward (or model(x)): where its input is (ValueSources::module).
  if (Sources S = Origins.module(Call); S.Kind == SourceKind::Module)
    return moduleDevice(S, Depth);
  return unknown("returned by LibTorch's `" + F->getNameAsString() + "()`");
}

} // namespace hostsync
