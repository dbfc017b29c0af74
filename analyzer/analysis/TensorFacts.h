// Facts about tensor values: where a tensor lives (host or CUDA), whether it is a boolean
// mask, whether it is 0-dim, its rank, the op that made it. Each question follows a value
// back to where it comes from (ValueSources: the assignments that reach a use, a
// parameter's callers, a member's stores, a function's returns) and reads the op row
// (model/OpTable.h) of each value it finds; the device question also follows the sources
// of a value's tensors (a container's stores, a loop's range, a module's inputs), and
// answers with the keys the project's other files decide.
#pragma once

#include "analysis/CallSites.h"
#include "analysis/DeclKeys.h"
#include "analysis/Definitions.h"
#include "analysis/TUIndex.h"
#include "analysis/ValueSources.h"
#include "model/DeviceFacts.h"
#include "model/FactKeys.h"
#include "match/TensorOps.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hostsync {

// Deferred: on the host unless a fact of another translation unit says otherwise (the
// query's open keys, DeviceFacts.h). Only the analysis sees it: the public queries below
// answer Unknown for it, and lastTrace() keeps the keys for the project pass.
enum class Device { Cpu, Cuda, Unknown, Deferred };
// The device of a value that is one of two: CUDA if either is, else unknown if either is,
// else deferred if either is, else the host. The host is its identity: a source that adds
// nothing.
inline Device combine(Device A, Device B) {
  auto Order = [](Device D) {
    return D == Device::Cpu ? 0 : D == Device::Deferred ? 1 : D == Device::Unknown ? 2 : 3;
  };
  return Order(A) < Order(B) ? B : A;
}
// The answer to a yes-or-no question about a value that the analysis may not know.
enum class Answer { Yes, No, Unknown };

// What decided the last public device query: its result before Deferred was answered as
// Unknown, the keys it left open, the expression that made it CUDA, and why it is unknown.
struct DeviceTrace {
  Device Raw = Device::Unknown;
  std::set<std::string> Keys;
  const clang::Expr *CudaAt = nullptr;
  std::string UnknownWhy;
  // The parameters the answer was followed through (of any function): a finding whose
  // device comes through its own function's parameter syncs at the calls that pass CUDA
  // there (model/CallFindings.h).
  std::set<const clang::ParmVarDecl *> Params;
  void merge(const DeviceTrace &O);
};

class TensorFacts {
public:
  TensorFacts(clang::ASTContext &Ctx, const TUIndex &Index)
      : Ctx(Ctx), Index(Index), Defs(Ctx), Calls(Ctx, Index), Origins(Ctx, Defs, Calls, Index) {}

  // Where values come from, as every question here reads it (ValueSources.h).
  ValueSources &origins() { return Origins; }

  // Where the tensor that E evaluates to lives.
  Device deviceOf(const clang::Expr *E) {
    begin();
    return answer(deviceAt(E, 0));
  }
  // The device an argument names (kCUDA, a Device variable, options, "cuda:0", another
  // tensor's .device()); nullopt when the argument names no device at all.
  std::optional<Device> namedDevice(const clang::Expr *Arg) {
    begin();
    return answer(namedAt(Arg, 0));
  }
  // Where x.to(...) copies to: the device of the first argument that is a tensor or names
  // a device; nullopt when it changes no device: a dtype-only cast, or a move to the device
  // x is certainly on already (x.to(y.device()), y of x's origin: TensorFacts.cpp, "One device of
  // one origin").
  std::optional<Device> copyTarget(const OpCall &To) {
    begin();
    return answer(copyTargetAt(To, 0));
  }
  // The last of the three queries above, traced (DeviceTrace).
  const DeviceTrace &lastTrace() const { return Trace; }
  // Every query since startMatch(), merged: what a rule's finding depends on. Raw is Unknown
  // if any query was, else Deferred if any was.
  const DeviceTrace &matchTrace() const { return Match; }
  void startMatch() {
    Match = DeviceTrace();
    Match.Raw = Device::Cpu;
  }
  // The device of an argument passed for a parameter of type T: of the tensor, or the device
  // it names (a torch::Device, options); nullopt for any other parameter. Traced.
  std::optional<Device> argumentDevice(const clang::Expr *Arg, clang::QualType T);
  // What a call of F returns (OwnBody: what F's own body returns, even when an override may
  // run instead). Traced.
  Device returnDevice(const clang::FunctionDecl *F, bool OwnBody = false);
  // Is E a boolean mask (a comparison, a logical op, isnan..., to(kBool))?
  Answer isMask(const clang::Expr *E) {
    SourceSteps = 0;
    return maskAt(E, 0);
  }
  // Is E a 0-dim integer tensor (argmax() with no dim, count_nonzero(), tensor(3))?
  bool isScalarIntTensor(const clang::Expr *E) {
    SourceSteps = 0;
    return zeroDimAt(E, 0, true);
  }
  // Is it certainly a 0-dim tensor (a full reduction, torch::tensor(3.0), ...)?
  bool isZeroDim(const clang::Expr *E) {
    SourceSteps = 0;
    return zeroDimAt(E, 0, false);
  }
  // The number of dimensions, when the tensor was made by a factory with a braced size
  // list (torch::zeros({B, H, W})) and only passed through shape-keeping ops since.
  std::optional<int> knownDim(const clang::Expr *E) {
    SourceSteps = 0;
    return dimAt(E, 0);
  }
  // The op call that produced the values of E: through variables (their last assignment)
  // and copies that keep values (to, cuda, clone, contiguous, detach); nullopt when that
  // is not a LibTorch op call.
  std::optional<OpCall> producer(const clang::Expr *E) { return producerVia(E, true); }
  // Is it certainly in pinned host memory (the result of pin_memory())?
  bool isPinned(const clang::Expr *E);
  // Does it certainly hold no element (a factory sized with a literal 0: torch::empty({0}),
  // through copies)? A copy of it copies nothing.
  bool isEmpty(const clang::Expr *E);
  Definitions &definitions() { return Defs; }
  CallSites &callSites() { return Calls; }
  // How to name each key a query left open ("parameter `t` of `f()`"), for reasons.
  const std::map<std::string, std::string> &keyNames() const { return KeyNames; }
  // The keys of what other translation units decide (analysis/DeclKeys.h).
  using FactKey = hostsync::FactKey;
  // Every value this translation unit's code stores into a data member (constructor
  // initializers, default member initializers, assignments through `this`); empty when
  // none is seen.
  const std::vector<const clang::Expr *> &fieldValues(const clang::FieldDecl *F);
  // All of them, by member.
  const llvm::DenseMap<const clang::FieldDecl *, std::vector<const clang::Expr *>> &fieldStores() {
    return Index.fieldStores();
  }

private:
  Device deviceAt(const clang::Expr *E, int Depth);
  // Where an op call's result lives: its row's device column (model/OpTable.h).
  Device opDevice(const OpCall &Op, int Depth);
  std::optional<Device> namedAt(const clang::Expr *Arg, int Depth);
  std::optional<Device> copyTargetAt(const OpCall &To, int Depth);
  bool movesToItsOwnDevice(const OpCall &To, int Depth);
  // Each follows E's sources (ValueSources.h) and reads the op row of each value; the
  // values' answers must agree (a mask only if every value in view is one).
  Answer maskAt(const clang::Expr *E, int Depth);
  bool zeroDimAt(const clang::Expr *E, int Depth, bool IntOnly);
  std::optional<int> dimAt(const clang::Expr *E, int Depth);
  // Ask on each value of S (and, for a parameter that still holds its argument, of its
  // callers' arguments), joined by Join; nullopt when no value is in view.
  template <typename T, typename Ask, typename Join>
  std::optional<T> acrossSources(const Sources &S, Ask &&AskValue, Join &&JoinValues);
  // The op call behind E through a local's one reaching value (a fix rewrites one op: two
  // values, or a caller's, are not one), and through value-keeping copies if asked.
  std::optional<OpCall> producerVia(const clang::Expr *E, bool ThroughCopies);
  // CUDA, because of the expression At (the first such is the finding's reason).
  Device cudaAt(const clang::Expr *At) {
    if (!Trace.CudaAt)
      Trace.CudaAt = At;
    return Device::Cuda;
  }
  // Across functions (CallSites.h): what the callers pass for a parameter that still holds
  // its argument, and what a call of a function of this translation unit returns.
  Device parameterDevice(const clang::ParmVarDecl *P, int Depth);
  Device returnedDevice(const clang::FunctionDecl *F, int Depth, bool OwnBody = false);
  // A call that is not a tensor op: of this translation unit's function, what it returns;
  // of a LibTorch module's forward, the device of its input tensors.
  Device calleeDevice(const clang::Expr *E, int Depth);
  // A data member read through `this`: what the code stores into it (here, and in the
  // project's other files when a header declares its class).
  Device memberDevice(const clang::FieldDecl *F, int Depth);
  // What sources out of this file's view add: unknown, or their keys left open.
  Device elsewhere(const Sources &S);
  // The device a value gives what holds it (a parameter, a member): where the tensor is
  // (Tensors), or the device a Device or options value names; and the join of several
  // (nullopt for none).
  Device heldDevice(const clang::Expr *V, bool Tensors, int Depth);
  std::optional<Device> joinHeld(const std::vector<const clang::Expr *> &Values, bool Tensors,
                                 int Depth);
  // A method called on a local object whose construction is in view
  // (TensorFacts.cpp, "One object's construction in view"): the construction, the call, and the
  // method; or one call of a function whose result follows its parameters ("One call in
  // view": no construction); empty outside.
  struct ObjectContext {
    const clang::CXXConstructExpr *Construct = nullptr;
    const clang::CallExpr *Call = nullptr;
    const clang::FunctionDecl *Method = nullptr;
  };
  bool inContext() const { return Object.Call != nullptr; }
  // What a call of a function of the project returns when that depends on its parameters
  // (`dropout(x)` returning `x * mask`): read with this call's arguments, not every
  // caller's; nullopt when the summary does not go through its parameters, or the call may
  // run another body (a virtual call).
  std::optional<Device> callInViewDevice(const clang::CallExpr *Call, const clang::FunctionDecl *F,
                                         int Depth);
  // The construction a local variable of class type holds at Object, if in view.
  const clang::CXXConstructExpr *constructionOf(const clang::Expr *Object);
  // What such a call returns, read with the object's construction; nullopt for any other.
  std::optional<Device> objectCallDevice(const clang::CallExpr *Call, const clang::FunctionDecl *F,
                                         int Depth);
  // Inside such a call: a member of the object read through `this` (nullopt when another
  // method than a constructor stores into it), a parameter of its constructor or method.
  std::optional<Device> objectMember(const clang::FieldDecl *F, int Depth);
  std::optional<Device> objectArgument(const clang::ParmVarDecl *P, int Depth);
  // Runs C with no object context: for what every object shares (a class's member and
  // parameter summaries, another object's methods, the caller's arguments).
  template <typename Compute> auto outsideObject(Compute &&C) {
    ObjectContext Saved = Object;
    Object = {};
    auto R = C();
    Object = Saved;
    return R;
  }
  // The sources the device question alone follows (ValueSources.h): what a container
  // variable's function and the functions it is handed to (Level deep) store into it; an
  // element of a range-for (a data loader's batch: where its dataset's get() puts the
  // examples); a module's output (where its inputs are, and its holder was moved).
  Device storedDevice(const clang::VarDecl *Var, int Level, int Depth);
  // What the functions S's variable is handed to store into it (nullopt: none is). A tensor
  // handed by reference to a library (LibTorch's `_out` forms keep its device; the standard
  // library's make_tuple, swap, forwarding references move or copy it) is read only
  // ThroughLibraries.
  std::optional<Device> filledDevice(const Sources &S, int Level, int Depth, bool ThroughLibraries);
  const clang::Expr *tiedFrom(const clang::Expr *Arg);
  // Whether the walk saw V handed to a function that may store into it (a cheap test, on
  // every read of a local, before its stores are gathered).
  bool handedByReference(const clang::VarDecl *V) const;
  Device elementDevice(const Sources &S, int Depth);
  Device moduleDevice(const Sources &S, int Depth);
  // Guards the summaries (parameters, members, returns) against recursion: a function
  // being summarised adds nothing to
  // its own summary (the least fixed point), and a summary that met such a cut is not
  // remembered, since it may be incomplete.
  template <typename Compute> Device summarise(const clang::Decl *Key, Compute &&C);
  // The value E's device comes from (a parameter, an op that makes a tensor of its own);
  // null when it cannot be told.
  const void *deviceOrigin(const clang::Expr *E, int Depth);
  const clang::Stmt *libraryOnlyFullExpression(const clang::Expr *E);
  // The origins of members' reads: one per member and full-expression.
  std::map<std::pair<const clang::ValueDecl *, const clang::Stmt *>, char> MemberReads;
  // Starts a traced query: forgets the last one's trace.
  void begin() { Trace = DeviceTrace(); }
  Device answer(Device D) {
    Trace.Raw = D;
    // Whatever the answer, the parameters it came through (a CUDA one too).
    Match.Params.insert(Trace.Params.begin(), Trace.Params.end());
    if (D == Device::Cuda && !Match.CudaAt)
      Match.CudaAt = Trace.CudaAt;
    if (D == Device::Unknown || D == Device::Deferred) { // what a finding may depend on
      Match.merge(Trace);
      Match.Raw = combine(Match.Raw, D);
    }
    return D == Device::Deferred ? Device::Unknown : D;
  }
  std::optional<Device> answer(std::optional<Device> D) {
    if (D)
      return answer(*D);
    return D;
  }
  // A value the analysis cannot follow: remembers why (the first reason of a query).
  Device unknown(const std::string &Why);
  // A value that another translation unit's facts decide: its key is left open. An empty
  // key (no other TU can name it) is unknown, for the reason Why.
  Device open(const FactKey &K, const std::string &Why);

  clang::ASTContext &Ctx;
  const TUIndex &Index;
  Definitions Defs;
  CallSites Calls;
  ValueSources Origins;                          // where each value comes from
  llvm::DenseSet<const clang::Decl *> Following; // the sources a question is inside
  // The sources one question has read: past a bound (a value passed through many callers
  // of many callers), the answer is unknown rather than slow.
  unsigned SourceSteps = 0;
  struct Summary {
    Device D;
    DeviceTrace Trace;
  };
  llvm::DenseMap<const clang::Decl *, Summary> Summaries;
  DeviceTrace Trace, Match;
  std::map<std::string, std::string> KeyNames;
  llvm::SmallPtrSet<const clang::Decl *, 8> Active;
  unsigned Cuts = 0;
  ObjectContext Object;
};

} // namespace hostsync
