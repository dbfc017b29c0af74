// Flow-sensitive facts about tensor values inside one function: where a tensor lives
// (host or CUDA), whether it is a boolean mask, whether it is a 0-dim integer.
// Each question follows variables back to their last assignment (Definitions) and reads
// the op that produced the value.
#pragma once

#include "analysis/CallSites.h"
#include "analysis/Definitions.h"
#include "match/TensorOps.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <vector>

#include <optional>

namespace hostsync {

enum class Device { Host, Cuda, Unknown };
// The device of a value that is one of two: CUDA if either is, else unknown if either is,
// else the host. The host is its identity: a source that adds nothing.
inline Device combine(Device A, Device B) {
  if (A == Device::Cuda || B == Device::Cuda)
    return Device::Cuda;
  if (A == Device::Unknown || B == Device::Unknown)
    return Device::Unknown;
  return Device::Host;
}
enum class Tri { Yes, No, Unknown };

class TensorFacts {
public:
  explicit TensorFacts(clang::ASTContext &Ctx) : Ctx(Ctx), Defs(Ctx), Calls(Ctx) {}

  // Where the tensor that E evaluates to lives.
  Device deviceOf(const clang::Expr *E) { return deviceAt(E, 0); }
  // The device an argument names (kCUDA, a Device variable, options, "cuda:0", another
  // tensor's .device()); nullopt when the argument names no device at all.
  std::optional<Device> namedDevice(const clang::Expr *Arg) { return namedAt(Arg, 0); }
  // Where x.to(...) copies to: the device of the first argument that is a tensor or names
  // a device; nullopt for a dtype-only cast.
  std::optional<Device> copyTarget(const OpCall &To) { return copyTargetAt(To, 0); }
  // Is E a boolean mask (a comparison, a logical op, isnan..., to(kBool))?
  Tri isMask(const clang::Expr *E) { return maskAt(E, 0); }
  // Is E a 0-dim integer tensor (argmax() with no dim, count_nonzero(), tensor(3))?
  bool isScalarIntTensor(const clang::Expr *E) { return zeroDimAt(E, 0, true); }
  // Is it certainly a 0-dim tensor (a full reduction, torch::tensor(3.0), ...)?
  bool isZeroDim(const clang::Expr *E) { return zeroDimAt(E, 0, false); }
  // The number of dimensions, when the tensor was made by a factory with a braced size
  // list (torch::zeros({B, H, W})) and only passed through shape-keeping ops since.
  std::optional<int> knownDim(const clang::Expr *E) { return dimAt(E, 0); }
  // The op call that produced the values of E: through variables (their last assignment)
  // and copies that keep values (to, cuda, clone, contiguous, detach); nullopt when that
  // is not a LibTorch op call.
  std::optional<OpCall> producer(const clang::Expr *E) { return producerVia(E, true); }
  // Is it certainly in pinned host memory (the result of pin_memory())?
  bool isPinned(const clang::Expr *E);

  Definitions &definitions() { return Defs; }

private:
  Device deviceAt(const clang::Expr *E, int Depth);
  std::optional<Device> namedAt(const clang::Expr *Arg, int Depth);
  std::optional<Device> copyTargetAt(const OpCall &To, int Depth);
  Tri maskAt(const clang::Expr *E, int Depth);
  bool zeroDimAt(const clang::Expr *E, int Depth, bool IntOnly);
  std::optional<int> dimAt(const clang::Expr *E, int Depth);
  // The op call behind E through variables, and through value-keeping copies if asked.
  std::optional<OpCall> producerVia(const clang::Expr *E, bool ThroughCopies);
  // An is_cuda()/is_cpu() check that dominates this use of a variable.
  std::optional<Device> guardedDevice(const clang::DeclRefExpr *Use);
  // The expression last assigned to the variable that E names, if E names a local.
  const clang::Expr *definitionOf(const clang::Expr *E);
  // Across functions (CallSites.h): what the callers pass for a parameter that still holds
  // its argument, and what a call of a function of this translation unit returns.
  Device parameterDevice(const clang::ParmVarDecl *P, int Depth);
  Device returnedDevice(const clang::FunctionDecl *F, int Depth);
  // A call that is not a tensor op: of this translation unit's function, what it returns;
  // of a LibTorch module's forward, the device of its input tensors.
  Device calleeDevice(const clang::Expr *E, int Depth);
  // Guards the two above against recursion: a function being summarised adds nothing to
  // its own summary (the least fixed point), and a summary that met such a cut is not
  // remembered, since it may be incomplete.
  template <typename Compute> Device summarise(const clang::Decl *Key, Compute &&C);
  // Every value this translation unit's code stores into a data member (constructor
  // initializers, default member initializers, assignments through `this`); empty when
  // none is seen.
  const std::vector<const clang::Expr *> &fieldValues(const clang::FieldDecl *F);

  clang::ASTContext &Ctx;
  Definitions Defs;
  CallSites Calls;
  llvm::DenseMap<const clang::Decl *, Device> Summaries;
  llvm::SmallPtrSet<const clang::Decl *, 8> Active;
  unsigned Cuts = 0;
  bool FieldsIndexed = false;
  llvm::DenseMap<const clang::FieldDecl *, std::vector<const clang::Expr *>> FieldDefs;
};

} // namespace hostsync
