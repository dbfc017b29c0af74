// TensorFacts: the five questions about a tensor value (its device, whether it is a mask,
// 0-dim, its rank, the op that made it), the device summaries of parameters, members and
// returns with their fixed point, and the reading of one object's construction. Where a
// value comes from is ValueSources'; what an op does is its row in model/OpTable.
#include "analysis/TensorFacts.h"
#include "analysis/ContainerStores.h"
#include "analysis/DeclKeys.h"
#include "analysis/DeviceChecks.h"
#include "analysis/ModuleBuilds.h"
#include "compat/LLVMCompat.h"

#include "match/CompileErrors.h"
#include "match/DataLoaders.h"
#include "match/LibraryCalls.h"
#include "match/Modules.h"
#include "model/OpTable.h"
#include "match/RewriteParts.h"
#include "match/TensorOps.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hostsync {

namespace {
constexpr int MaxDepth = 24;

// The tensors an op's list argument (TensorList: `torch::cat({a, b})`, `torch::stack(v)`)
// is made of: a braced list's elements, or the container it views; empty for any other
// argument.
std::vector<const Expr *> tensorListParts(const Expr *Arg) {
  const auto *RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Arg->getType().getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
  if (!RD || !RD->getIdentifier() || !compat::isOneOf(RD->getName(), {"ArrayRef", "IListRef"}) ||
      !isLibTorchDecl(RD) || RD->getTemplateArgs().size() != 1 ||
      RD->getTemplateArgs()[0].getKind() != TemplateArgument::Type ||
      !isTensorType(RD->getTemplateArgs()[0].getAsType()))
    return {}; // not a list of tensors (an index list, a size list)
  const Expr *E = Arg;
  while (true) {
    E = E->IgnoreImplicit();
    if (const auto *K = dyn_cast<CXXConstructExpr>(E);
        K && K->getNumArgs() >= 1 && !isTensorType(K->getArg(0)->getType()))
      E = K->getArg(0);
    else if (const auto *L = dyn_cast<CXXStdInitializerListExpr>(E))
      E = L->getSubExpr();
    else
      break;
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E))
    return {IL->inits().begin(), IL->inits().end()};
  if (carriesTensors(E->getType()))
    return {E};
  return {};
}

// `first` or `second` of a std::pair.
bool isStdPairPart(const FieldDecl *F) {
  const RecordDecl *Pair = F->getParent();
  return Pair->isInStdNamespace() && Pair->getIdentifier() && Pair->getName() == "pair" &&
         F->getIdentifier() && compat::isOneOf(F->getName(), {"first", "second"});
}

bool isScalarTypeExpr(const Expr *E) {
  QualType T = E->getType().getNonReferenceType().getCanonicalType();
  const auto *ET = T->getAs<EnumType>();
  return ET && ET->getDecl()->getName() == "ScalarType";
}

} // namespace

const std::vector<const Expr *> &TensorFacts::fieldValues(const FieldDecl *F) {
  static const std::vector<const Expr *> None;
  auto It = Index.fieldStores().find(F);
  return It == Index.fieldStores().end() ? None : It->second;
}

Device TensorFacts::deviceAt(const Expr *E, int Depth) {
  if (!E || Depth > MaxDepth)
    return Device::Unknown;
  E = stripTensorExpr(E);
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E)) // the default the callee gives
    return deviceAt(Default->getExpr(), Depth + 1);
  if (isNoValue(E)) // nullopt, nullptr, an empty optional: no tensor, adds nothing
    return Device::Cpu;
  if (const auto *U = dyn_cast<UnaryOperator>(E); // *p, &t: where the tensor pointed to is
      U && (U->getOpcode() == UO_Deref || U->getOpcode() == UO_AddrOf) &&
      carriesTensors(U->getSubExpr()->getType()))
    return deviceAt(U->getSubExpr(), Depth + 1);
  if (const DeclRefExpr *R = asVarRef(E)) {
    const auto *V = cast<VarDecl>(R->getDecl());
    // A check of the variable's device that holds here (analysis/DeviceChecks.h). A checked
    // parameter still decides: its function syncs only where a caller passes CUDA.
    if (auto G = checkedDevice(Ctx, Defs, R)) {
      if (const auto *P = dyn_cast<ParmVarDecl>(V))
        Trace.Params.insert(P);
      return G->Cuda ? cudaAt(G->At) : Device::Cpu;
    }
    if (const Expr *Launch = Index.launchedWith(V))
      return cudaAt(Launch);
    Sources Values = Origins.sourcesOf(R);
    if (Values.Kind == SourceKind::Element) // for (auto &batch : *loader)
      return elementDevice(Values, Depth);
    std::optional<Device> D;
    if (Values.Initial)
      D = parameterDevice(Values.Initial, Depth);
    for (const Expr *Def : Values.Values)
      D = D ? combine(*D, deviceAt(Def, Depth + 1)) : deviceAt(Def, Depth + 1);
    // A container of tensors (or a pointer to them) also holds what its function stores
    // into it, and what the functions it is handed to do (ValueSources::container).
    if (holdsStoredTensors(V->getType()) && !V->hasGlobalStorage()) {
      Device Stored = storedDevice(V, 0, Depth);
      D = D ? combine(*D, Stored) : Stored;
    } else if (bool Blank = V->getInit() && isNoValue(V->getInit());
               V->isLocalVarDecl() && carriesTensors(V->getType()) &&
               (Blank || handedByReference(V))) {
      // A tensor, tuple or pair handed to a function that fills it through a non-const
      // reference (`dataset.get(i, example)`): also what that function stores into it.
      Sources Stores = Origins.container(V);
      std::optional<Device> Filled = filledDevice(Stores, 0, Depth, /*ThroughLibraries=*/false);
      // Declared without a value, it holds only what is filled in: a call the analysis
      // cannot follow may be what fills it, and so may the standard library's assignments
      // through references (`std::forward_as_tuple(out, std::tie(h, c)) = forward(...)`).
      if (Blank) {
        std::string Why = Stores.UnknownWhy;
        for (const Sources::Filler &F : Stores.Fillers) {
          if (!isLibraryFunction(F.Callee) || !F.Callee->getIdentifier() ||
              !libraryCallIs(F.Callee->getName(), LibraryUse::AssignsThrough))
            continue;
          // `std::tie(values, indices) = torch::max(x, 1)`: each holds a part of the tuple,
          // on the device of what is assigned (a LibTorch op's parts are on one device).
          if (const Expr *Assigned = tiedFrom(F.Arg)) {
            const auto *Op = dyn_cast<CallExpr>(Assigned->IgnoreImplicit());
            Device Part = Op && asOpCall(Op) ? deviceAt(Assigned, Depth + 1) : Device::Unknown;
            if (Part != Device::Unknown) {
              Filled = Filled ? combine(*Filled, Part) : Part;
              continue;
            }
          }
          if (Why.empty())
            Why = "`" + V->getName().str() + "`, filled by " + quotedName(F.Callee);
        }
        if (!Why.empty())
          Filled = combine(Filled.value_or(Device::Cpu), unknown(Why));
      }
      if (Filled)
        D = D ? combine(*D, *Filled) : *Filled;
    }
    if (D)
      return *D;
    return unknown("`" + V->getName().str() + "`, whose value the analysis does not follow");
  }
  // `auto [a, b] = f(x);`: a binding holds a part of what the declaration decomposes, or
  // what is assigned to it later.
  if (isa<DeclRefExpr>(E))
    if (Sources S = Origins.sourcesOf(E);
        S.Kind == SourceKind::Parts || S.Kind == SourceKind::Local) {
      Device D = deviceAt(S.Values.front(), Depth + 1);
      for (size_t I = 1; I < S.Values.size(); ++I)
        D = combine(D, deviceAt(S.Values[I], Depth + 1));
      return D;
    }
  // A data member read through `this`: the device of every value the code stores into it
  // (a buffer made on the CPU in the constructor and never moved is on the CPU). A tensor
  // member of a user class read through another object (`graph.x`): the same, through
  // whatever object the code stores it (TUIndex::fieldStores).
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (F && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts())) {
      if (auto D = objectMember(F, Depth))
        return *D;
      return memberDevice(F, Depth);
    }
    if (isExampleType(M->getBase()->getType())) // batch.data, batch.target
      return deviceAt(M->getBase(), Depth + 1);
    // p.first, p.second of a std::pair: where the pair's parts are (tupleParts: the parts
    // combined), as std::get reads them.
    if (F && isStdPairPart(F) && carriesTensors(F->getType()))
      return deviceAt(M->getBase(), Depth + 1);
    // Only the program's own classes: a library's (std::pair::second, LibTorch's) are stored
    // into by code the analysis does not see, so no store found says nothing.
    const SourceManager &SM = Ctx.getSourceManager();
    if (F && !isLibTorchDecl(F->getParent()) &&
        !SM.isInSystemHeader(SM.getExpansionLoc(F->getParent()->getLocation())) &&
        carriesTensors(F->getType()))
      return memberDevice(F, Depth);
  }
  // p[i] of a pointer to tensors: where the tensors pointed to are.
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E); S && carriesTensors(S->getBase()->getType()))
    return deviceAt(S->getBase(), Depth + 1);
  // A std::vector of tensors constructed: where the tensors it starts with are (none: it
  // adds nothing).
  if (auto Parts = containerConstructionParts(E)) {
    Device D = Device::Cpu;
    for (const Expr *P : *Parts)
      D = combine(D, deviceAt(P, Depth + 1));
    return D;
  }
  // A tuple, pair or braced list of tensors: where its parts are.
  if (auto Parts = tupleParts(E)) {
    std::optional<Device> D;
    for (const Expr *P : *Parts)
      if (carriesTensors(P->getType()))
        D = D ? combine(*D, deviceAt(P, Depth + 1)) : deviceAt(P, Depth + 1);
    return D ? *D : unknown("a tuple the analysis does not follow");
  }
  if (isa<ConditionalOperator>(E)) { // either arm
    Sources Arms = Origins.sourcesOf(E);
    return combine(deviceAt(Arms.Values[0], Depth + 1), deviceAt(Arms.Values[1], Depth + 1));
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() == OO_Subscript && !isTensorType(Op->getArg(0)->getType()) &&
        carriesTensors(Op->getArg(0)->getType())) // v[i] of a container: where its tensors are
      return deviceAt(Op->getArg(0), Depth + 1);
    if (!isTensorType(Op->getType()))
      return Device::Unknown;
    std::optional<Device> D;
    for (const Expr *A : Op->arguments())
      if (isTensorType(A->getType()))
        D = D ? combine(*D, deviceAt(A, Depth + 1)) : deviceAt(A, Depth + 1);
    return D.value_or(Device::Unknown);
  }
  // A call Clang could not resolve is read as the op it certainly is (asRecoveredOpCall).
  auto Op = asOpCall(E);
  if (!Op)
    Op = asRecoveredOpCall(E);
  if (!Op) {
    if (const CallExpr *Call = asUnresolvedCall(E)) // a forward called in a template
      if (Sources S = Origins.module(Call); S.Kind == SourceKind::Module)
        return moduleDevice(S, Depth);
    return calleeDevice(E, Depth);
  }
  return opDevice(*Op, Depth);
}

Device TensorFacts::storedDevice(const VarDecl *Var, int Level, int Depth) {
  Sources S = Origins.container(Var);
  Device Stored = S.UnknownWhy.empty() ? Device::Cpu : unknown(S.UnknownWhy);
  for (const Expr *Value : S.Values)
    Stored = combine(Stored, deviceAt(Value, Depth + 1));
  return combine(Stored, filledDevice(S, Level, Depth, true).value_or(Device::Cpu));
}

bool TensorFacts::handedByReference(const VarDecl *V) const {
  const ContainerStores *Recorded = Index.containerStores(V);
  return Recorded && !Recorded->PassedOn.empty();
}

std::optional<Device> TensorFacts::filledDevice(const Sources &S, int Level, int Depth,
                                                bool ThroughLibraries) {
  // A function of this file that it is handed to is read here (a few levels deep); one
  // defined elsewhere, or a virtual one, through the project pass.
  std::optional<Device> Filled;
  for (const Sources::Filler &F : S.Fillers) {
    if (!ThroughLibraries && isLibraryFunction(F.Callee))
      continue;
    Device D = Level < 4 && F.InView ? storedDevice(F.InView, Level + 1, Depth)
                                     : open(fillKey(F.Callee, F.Param),
                                            S.Name + ", filled by " + quotedName(F.Callee));
    Filled = Filled ? combine(*Filled, D) : D;
  }
  return Filled;
}

Device TensorFacts::elementDevice(const Sources &S, int Depth) {
  if (S.Host)
    return Device::Cpu;
  if (S.Maker)
    return returnedDevice(S.Maker, Depth, /*OwnBody=*/true);
  if (S.Values.empty())
    return unknown(S.UnknownWhy);
  return deviceAt(S.Values.front(), Depth + 1);
}

Device TensorFacts::moduleDevice(const Sources &S, int Depth) {
  std::optional<Device> D;
  for (const Expr *V : S.Values)
    D = D ? combine(*D, deviceAt(V, Depth + 1)) : deviceAt(V, Depth + 1);
  if (!S.Open.empty())
    return combine(D.value_or(Device::Cpu), elsewhere(S));
  return D ? *D : unknown(S.Name);
}

Device TensorFacts::opDevice(const OpCall &Op, int Depth) {
  const OpRow Row = opRow(Op.Name);
  // Copies, _like ops and factories read the device their arguments name; a factory called
  // with a tensor first (torch::normal(mean, std)) is where its tensors are instead.
  bool ReadsNamed = Row.Device == ResultDevice::CopyTarget ||
                    Row.Device == ResultDevice::LikeSelf ||
                    (Row.Device == ResultDevice::NamedElseCpu && !Op.Self);
  // An argument of an unresolved call that does not compile may name any device.
  if (Op.Recovered && ReadsNamed)
    for (const Expr *A : Op.Args)
      if (errorsOfItsOwn(A) || A->isTypeDependent())
        return unknown("an argument of `" + Op.Name.str() + "()` that does not compile");
  switch (Row.Device) {
  case ResultDevice::Cpu:
  case ResultDevice::PinnedCpu:
    return Device::Cpu;
  case ResultDevice::Cuda:
    return cudaAt(Op.Call);
  case ResultDevice::CopyTarget:
    if (auto Target = copyTargetAt(Op, Depth))
      return *Target;
    return deviceAt(Op.Self, Depth + 1); // a dtype cast stays where it was
  case ResultDevice::NamedElseCpu:
  case ResultDevice::LikeSelf:
    if (!ReadsNamed)
      break;
    for (const Expr *A : Op.Args)
      if (auto D = namedAt(A, Depth + 1))
        return *D;
    return Row.Device == ResultDevice::LikeSelf ? deviceAt(Op.Self, Depth + 1) : Device::Cpu;
  case ResultDevice::FromInputs:
    break;
  }
  std::optional<Device> D;
  if (Op.Self)
    D = deviceAt(Op.Self, Depth + 1);
  for (const Expr *A : Op.Args) {
    if (isTensorType(A->getType()))
      D = D ? combine(*D, deviceAt(A, Depth + 1)) : deviceAt(A, Depth + 1);
    for (const Expr *Part : tensorListParts(A))
      D = D ? combine(*D, deviceAt(Part, Depth + 1)) : deviceAt(Part, Depth + 1);
  }
  return D.value_or(Device::Unknown);
}

namespace {
// Is T (a reference to it, or a pointer when Pointee) a class or an enum of one of these
// names?
bool typeNamedOneOf(QualType T, std::initializer_list<llvm::StringRef> Names,
                    bool Pointee = false) {
  // A ParenListExpr has none: the initialiser of a member in a class template, taken from a
  // type-dependent value (c10's InlineDeviceGuard, vendored by fatalfeel/PPO_libtorch).
  if (T.isNull())
    return false;
  T = T.getNonReferenceType().getCanonicalType();
  if (Pointee &&
      T->isPointerType()) // `Device *device_ = new Device(...)`, read as `device_->str()`
    T = T->getPointeeType().getCanonicalType();
  const NamedDecl *TD = nullptr;
  if (const auto *RD = T->getAsCXXRecordDecl())
    TD = RD;
  else if (const auto *ET = T->getAs<EnumType>())
    TD = ET->getDecl();
  return TD && TD->getIdentifier() && compat::isOneOf(TD->getName(), Names);
}

// Collects, inside an argument, the user variables that may carry a device (Device,
// DeviceType, TensorOptions) and the tensors whose .device()/.options() it reads.
bool carriesDevice(QualType T) {
  return typeNamedOneOf(T, {"Device", "DeviceType", "TensorOptions"}, /*Pointee=*/true);
}

// What an argument was before its implicit conversions: `t.to(device)` passes a Device as
// TensorOptions through TensorOptions(Device).
const Expr *convertedFrom(const Expr *E) {
  E = E->IgnoreImplicit();
  while (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    if (isa<CXXTemporaryObjectExpr>(C) || C->getNumArgs() == 0)
      break;
    E = C->getArg(0)->IgnoreImplicit();
  }
  return E;
}

// Is T a device itself (Device, DeviceType), not options that may name none?
bool isDeviceValue(QualType T) { return typeNamedOneOf(T, {"Device", "DeviceType"}); }

class DeviceCarrierFinder : public RecursiveASTVisitor<DeviceCarrierFinder> {
public:
  std::vector<const DeclRefExpr *> Vars;
  std::vector<const Expr *> Tensors;
  std::vector<const MemberExpr *> Fields; // a Device member: named, value unknown
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    if (V && !isLibTorchDecl(V) && carriesDevice(V->getType()))
      Vars.push_back(R);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) {
    if (isa<FieldDecl>(M->getMemberDecl()) && carriesDevice(M->getType()))
      Fields.push_back(M);
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    const auto *M = C->getMethodDecl();
    if (M && M->getIdentifier() && (M->getName() == "device" || M->getName() == "options") &&
        isTensorType(C->getImplicitObjectArgument()->getType()))
      Tensors.push_back(C->getImplicitObjectArgument());
    return true;
  }
};
} // namespace

std::optional<Device> TensorFacts::argumentDevice(const Expr *Arg, QualType T) {
  begin();
  if (carriesTensors(T))
    return answer(deviceAt(Arg, 0));
  if (carriesDevice(T))
    return answer(namedAt(Arg, 0).value_or(Device::Unknown));
  return std::nullopt;
}

// `std::tie(a, b) = Assigned`, Arg being `a` as the tie passes it: Assigned; nullptr when
// Arg is not passed to a std::tie call that an assignment's left side is.
const Expr *TensorFacts::tiedFrom(const Expr *Arg) {
  const CallExpr *Tie = nullptr;
  DynTypedNode N = DynTypedNode::create(*Arg);
  for (int Up = 0; Up < 3 && !Tie; ++Up) { // through the argument's implicit conversions
    auto Parents = Ctx.getParents(N);
    if (Parents.size() != 1)
      return nullptr;
    N = Parents[0];
    Tie = N.get<CallExpr>();
  }
  const FunctionDecl *Callee = Tie ? Tie->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() || Callee->getName() != "tie" ||
      !isLibraryFunction(Callee))
    return nullptr;
  N = DynTypedNode::create(*Tie);
  for (int Up = 0; Up < 4; ++Up) { // through MaterializeTemporaryExpr and the like
    auto Parents = Ctx.getParents(N);
    if (Parents.size() != 1)
      return nullptr;
    N = Parents[0];
    if (const auto *Op = N.get<CXXOperatorCallExpr>())
      return Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
                     Op->getArg(0)->IgnoreImplicit() == Tie
                 ? Op->getArg(1)
                 : nullptr;
    if (!N.get<Expr>())
      return nullptr;
  }
  return nullptr;
}

std::optional<Device> TensorFacts::copyTargetAt(const OpCall &To, int Depth) {
  if (movesToItsOwnDevice(To, Depth))
    return std::nullopt; // changes no device, as a dtype cast does
  for (const Expr *A : To.Args) {
    if (isTensorType(A->getType()))
      return deviceAt(A, Depth + 1); // x.to(other): other's device
    if (auto D = namedAt(A, Depth + 1))
      return D;
  }
  return std::nullopt;
}

// `x.to(y.device())` or `x.to(y)` where x and y are certainly on one device, wherever that is
// (`zeros_like(scores).to(order.device())`, `order` an op's result of `scores`): no copy.
bool TensorFacts::movesToItsOwnDevice(const OpCall &To, int Depth) {
  if (To.Args.empty() || !To.Self)
    return false;
  const Expr *Target = To.Args.front()->IgnoreUnlessSpelledInSource();
  if (const auto *Device = dyn_cast<CXXMemberCallExpr>(Target);
      Device && Device->getMethodDecl() && Device->getMethodDecl()->getIdentifier() &&
      Device->getMethodDecl()->getName() == "device" &&
      isTensorType(Device->getImplicitObjectArgument()->getType()))
    Target = Device->getImplicitObjectArgument()->IgnoreUnlessSpelledInSource();
  if (!isTensorType(Target->getType()))
    return false;
  // Asked within a device query (the depth bounds the two walks together); its keys are
  // not the query's: the device found is x's own, whatever it is.
  DeviceTrace Saved = Trace;
  const void *Origin = deviceOrigin(To.Self, Depth + 1);
  bool Same = Origin && Origin == deviceOrigin(Target, Depth + 1);
  Trace = Saved;
  return Same;
}

std::optional<Device> TensorFacts::namedAt(const Expr *Arg, int Depth) {
  if (!Arg || Depth > MaxDepth)
    return Device::Unknown;
  switch (mentionedDeviceType(Arg)) {
  case DeviceMention::Cuda:
    return cudaAt(Arg);
  case DeviceMention::Cpu:
    return Device::Cpu;
  case DeviceMention::Other:
    return unknown("a device the analysis cannot read");
  case DeviceMention::None:
    break;
  }
  DeviceCarrierFinder F;
  F.TraverseStmt(const_cast<Expr *>(Arg));
  std::optional<Device> Result;
  auto Merge = [&](Device D) { Result = Result ? combine(*Result, D) : D; };
  for (const Expr *T : F.Tensors)
    Merge(deviceAt(T, Depth + 1));
  for (const MemberExpr *M : F.Fields) // a member such as `device_`: what is stored into it
    Merge(isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts())
              ? objectMember(cast<FieldDecl>(M->getMemberDecl()), Depth)
                    .value_or(memberDevice(cast<FieldDecl>(M->getMemberDecl()), Depth))
              : unknown("the member `" + M->getMemberDecl()->getName().str() +
                        "` of another object"));
  for (const DeclRefExpr *R : F.Vars) {
    Reaching Values = Defs.reaching(cast<VarDecl>(R->getDecl()), R->getBeginLoc());
    if (Values.Initial)
      Merge(parameterDevice(cast<ParmVarDecl>(R->getDecl()), Depth));
    else if (Values.Values.empty())
      Merge(unknown("the device `" + R->getDecl()->getName().str() +
                    "`, set in a place the analysis does not follow"));
    for (const Expr *Def : Values.Values) {
      if (auto D = namedAt(Def, Depth + 1))
        Merge(*D);
      else // options that name no device: the CPU when built by LibTorch alone
        Merge(isDeviceFreeOptions(Def) ? Device::Cpu
                                       : unknown("the options `" + R->getDecl()->getName().str() +
                                                 "`, made where the analysis does not follow"));
    }
  }
  // A device read from where no variable of the argument carries it: `devices->front()`,
  // `gpus[rank]` of a container of devices, a call's result. It names a device all the same.
  if (!Result && isDeviceValue(convertedFrom(Arg)->getType()))
    return unknown("a device read from a container or a call, which the analysis does not follow");
  return Result;
}

constexpr unsigned MaxSourceSteps = 512;

template <typename T, typename Ask, typename Join>
std::optional<T> TensorFacts::acrossSources(const Sources &S, Ask &&AskValue, Join &&JoinValues) {
  std::optional<T> Result;
  // A value that leads straight back into a source being read (a recursive call passing its
  // own parameter on) adds nothing, as in the device question's least fixed point.
  auto BackToFollowed = [&](const Expr *V) {
    Sources Back = Origins.sourcesOf(V);
    return (Back.Owner && Following.count(Back.Owner)) ||
           (Back.Initial && Following.count(Back.Initial));
  };
  auto Read = [&](const Sources &From) {
    if (++SourceSteps > MaxSourceSteps) {
      Result = std::nullopt; // too far to say: unknown
      return;
    }
    if (From.Owner && !Following.insert(From.Owner).second)
      return; // a cycle (a recursive function, members stored from each other): adds nothing
    for (const Expr *V : From.Values)
      if (V && !BackToFollowed(V)) {
        T A = AskValue(V);
        Result = Result ? JoinValues(*Result, A) : A;
      }
    if (From.Owner)
      Following.erase(From.Owner);
  };
  Read(S);
  if (S.Initial) // a parameter that still holds its argument: what the callers pass
    Read(Origins.parameter(S.Initial));
  return Result;
}

Answer TensorFacts::maskAt(const Expr *E, int Depth) {
  if (!E || Depth > MaxDepth)
    return Answer::Unknown;
  E = stripTensorExpr(E);
  if (Sources S = Origins.sourcesOf(E); S.Kind != SourceKind::None && S.SameValue)
    return acrossSources<Answer>(
               S, [&](const Expr *V) { return maskAt(V, Depth + 1); },
               [](Answer A, Answer B) { return A == B ? A : Answer::Unknown; })
        .value_or(Answer::Unknown);
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (!isTensorType(Op->getType()))
      return Answer::Unknown;
    switch (Op->getOperator()) {
    case OO_EqualEqual:
    case OO_ExclaimEqual:
    case OO_Less:
    case OO_Greater:
    case OO_LessEqual:
    case OO_GreaterEqual:
      return Answer::Yes;
    case OO_Amp:
    case OO_Pipe:
    case OO_Caret: {
      Answer A = maskAt(Op->getArg(0), Depth + 1);
      Answer B = Op->getNumArgs() > 1 ? maskAt(Op->getArg(1), Depth + 1) : Answer::Unknown;
      if (A == Answer::Yes || B == Answer::Yes)
        return Answer::Yes;
      return A == Answer::No && B == Answer::No ? Answer::No : Answer::Unknown;
    }
    case OO_Tilde:
    case OO_Subscript:
      return maskAt(Op->getArg(0), Depth + 1);
    default:
      return Answer::No; // arithmetic yields numbers
    }
  }
  auto Op = asOpCall(E);
  if (!Op)
    return Answer::Unknown;
  const OpRow Row = opRow(Op->Name);
  switch (Row.Dtype) {
  case ResultDtype::Bool:
    return Answer::Yes;
  case ResultDtype::Index:
    return Answer::No;
  case ResultDtype::Keep:
    return maskAt(Op->Self, Depth + 1);
  case ResultDtype::FromArgument:
    for (const Expr *A : Op->Args) {
      if (mentionsBoolDtype(A))
        return Answer::Yes;
      if (isScalarTypeExpr(A))
        return Answer::No;
    }
    // None named: a factory's default dtype is not bool; a cast or a _like keeps the receiver's.
    return Row.Device == ResultDevice::NamedElseCpu ? Answer::No : maskAt(Op->Self, Depth + 1);
  case ResultDtype::Unknown:
    break;
  }
  return Answer::Unknown;
}

bool TensorFacts::zeroDimAt(const Expr *E, int Depth, bool IntOnly) {
  if (!E || Depth > MaxDepth)
    return false;
  E = stripTensorExpr(E);
  if (Sources S = Origins.sourcesOf(E); S.Kind != SourceKind::None && S.SameValue)
    return acrossSources<bool>(
               S, [&](const Expr *V) { return zeroDimAt(V, Depth + 1, IntOnly); },
               [](bool A, bool B) { return A && B; })
        .value_or(false);
  auto Op = asOpCall(E);
  if (!Op)
    return false;
  const OpRow Row = opRow(Op->Name);
  switch (Row.Shape) {
  case ResultShape::ZeroDimWithoutDim:
    if (IntOnly && Row.Dtype != ResultDtype::Index)
      return false;
    for (const Expr *A : Op->Args)
      if (!isDefaultArg(A))
        return false; // a dim (or, for max/min, a second tensor) was given: not 0-dim
    return true;
  case ResultShape::ZeroDimFromLiteral: {
    if (Op->Args.empty())
      return false;
    const Expr *First = unwrapConversions(Op->Args.front()); // tensor(ArrayRef / Scalar)
    if (const auto *U = dyn_cast<UnaryOperator>(First))      // torch::tensor(-1.0)
      if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus)
        First = U->getSubExpr()->IgnoreImplicit();
    return isa<IntegerLiteral>(First) || (!IntOnly && isa<FloatingLiteral>(First));
  }
  case ResultShape::Keep:
  case ResultShape::KeepZeroDim:
    return zeroDimAt(Op->Self, Depth + 1, IntOnly);
  case ResultShape::KeepRank:
  case ResultShape::SizeList:
  case ResultShape::Unknown:
    break;
  }
  return false;
}

bool TensorFacts::isEmpty(const Expr *E) {
  auto Op = producerVia(E, /*ThroughCopies=*/true);
  if (!Op || Op->Self || opRow(Op->Name).Shape != ResultShape::SizeList)
    return false;
  auto Sizes = sizeListArg(Op->Call);
  return Sizes && std::any_of(Sizes->begin(), Sizes->end(), [](const Expr *Size) {
           const auto *Literal = dyn_cast<IntegerLiteral>(Size->IgnoreParenImpCasts());
           return Literal && Literal->getValue() == 0;
         });
}

bool TensorFacts::isPinned(const Expr *E) {
  auto Op = producerVia(E, /*ThroughCopies=*/false);
  return Op && Op->IsMethod && opRow(Op->Name).Device == ResultDevice::PinnedCpu;
}

// ---- One device of one origin ----
// `zeros_like(scores).to(order.device())` with `order = std::get<1>(torch::topk(scores, k))`
// copies nothing: both are where `scores` is, whatever that is. A tensor's origin is the value
// its device comes from: through a local's one reaching value, std::get of an op's tuple, and
// ops that keep their input's device (a dtype-only to(), a _like or new_ op that names no
// device, an op whose tensors are all of one origin). A parameter that still holds its
// argument is its declaration; a member of this object read in a full-expression whose
// calls are all a library's is that member there. Any other value (a member read where a
// call of the project's in between may assign it, a factory, a call, an op of tensors of
// several origins) is its own origin, one expression. A local that more than one value reaches has
// none: two reads may see two. The full-expression around E, when every call in it is a library's
// (LibTorch's, the standard library's): none of them can assign a member of the project's object,
// so two reads of one member there read one value (`zeros_like(m_).to(m_.device())`). Null when a
// call of the project's may run between two reads.
const Stmt *TensorFacts::libraryOnlyFullExpression(const Expr *E) {
  const Expr *Full = E;
  for (;;) {
    auto Parents = Ctx.getParents(*Full);
    if (Parents.size() != 1 || !Parents[0].get<Expr>())
      break;
    Full = Parents[0].get<Expr>();
  }
  struct ProjectCallFinder : RecursiveASTVisitor<ProjectCallFinder> {
    bool Found = false;
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *F = C->getDirectCallee();
      Found = Found || !F || !isLibraryFunction(F);
      return !Found;
    }
    bool VisitCXXConstructExpr(CXXConstructExpr *C) {
      Found = Found || !isLibraryFunction(C->getConstructor());
      return !Found;
    }
  } Finder;
  Finder.TraverseStmt(const_cast<Expr *>(Full));
  return Finder.Found ? nullptr : Full;
}

const void *TensorFacts::deviceOrigin(const Expr *E, int Depth) {
  if (!E || Depth > MaxDepth)
    return nullptr;
  E = stripTensorExpr(E);
  if (const DeclRefExpr *R = asVarRef(E)) {
    Sources S = Origins.sourcesOf(R);
    if (S.Kind != SourceKind::Local)
      return nullptr;
    if (S.Initial)
      return S.Values.empty() ? static_cast<const void *>(S.Initial) : nullptr;
    return S.Values.size() == 1 ? deviceOrigin(S.Values.front(), Depth + 1) : nullptr;
  }
  // this->m_: one value within a full-expression of library calls only.
  if (const auto *M = dyn_cast<MemberExpr>(E);
      M && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
    if (const Stmt *Full = libraryOnlyFullExpression(M))
      return &MemberReads[{M->getMemberDecl(), Full}];
  if (auto Parts = tupleParts(E)) // std::get<I>(op(...)): the op's parts share its device
    return Parts->size() == 1 && asOpCall(Parts->front()) ? deviceOrigin(Parts->front(), Depth + 1)
                                                          : nullptr;
  auto Op = asOpCall(E);
  if (!Op || !Op->Self)
    return E;
  bool NamesDevice = false;
  for (const Expr *A : Op->Args)
    if (!isTensorType(A->getType()) && namedAt(A, Depth + 1))
      NamesDevice = true;
  switch (opRow(Op->Name).Device) {
  case ResultDevice::CopyTarget:
  case ResultDevice::LikeSelf:
    return NamesDevice ? E : deviceOrigin(Op->Self, Depth + 1);
  case ResultDevice::FromInputs: {
    const void *Origin = deviceOrigin(Op->Self, Depth + 1);
    for (const Expr *A : Op->Args)
      if (isTensorType(A->getType()) && deviceOrigin(A, Depth + 1) != Origin)
        return E;
    return Origin ? Origin : E;
  }
  default:
    return E;
  }
}

std::optional<int> TensorFacts::dimAt(const Expr *E, int Depth) {
  if (!E || Depth > MaxDepth)
    return std::nullopt;
  E = stripTensorExpr(E);
  if (Sources S = Origins.sourcesOf(E); S.Kind != SourceKind::None && S.SameValue)
    return acrossSources<std::optional<int>>(
               S, [&](const Expr *V) { return dimAt(V, Depth + 1); },
               [](std::optional<int> A, std::optional<int> B) { return A == B ? A : std::nullopt; })
        .value_or(std::nullopt);
  auto Op = asOpCall(E);
  if (!Op)
    return std::nullopt;
  const OpRow Row = opRow(Op->Name);
  if (!Op->Self && Row.Shape == ResultShape::SizeList) {
    if (auto Sizes = sizeListArg(Op->Call))
      return static_cast<int>(Sizes->size());
    return std::nullopt;
  }
  if (Op->Self && (Row.Shape == ResultShape::Keep || Row.Shape == ResultShape::KeepRank))
    return dimAt(Op->Self, Depth + 1);
  return std::nullopt;
}

std::optional<OpCall> TensorFacts::producerVia(const Expr *E, bool ThroughCopies) {
  for (int Depth = 0; E && Depth <= MaxDepth; ++Depth) {
    E = stripTensorExpr(E);
    // A variable's producer is that of its one reaching value (ValueSources' local case).
    // A fix-it rewrites the producing call: a value that two calls may produce, or that
    // comes from a parameter, a member or a loop's range, has none.
    if (asVarRef(E)) {
      Sources S = Origins.sourcesOf(E);
      E = S.Kind == SourceKind::Local && S.Values.size() == 1 ? S.Values.front() : nullptr;
      continue;
    }
    auto Op = asOpCall(E);
    if (ThroughCopies && Op && Op->Self && Op->IsMethod &&
        opRow(Op->Name).Values == ResultValues::Same) {
      E = Op->Self;
      continue;
    }
    return Op;
  }
  return std::nullopt;
}

// ---- Across function boundaries ----
// TensorFacts across function boundaries (analysis/CallSites.h says which calls count):
// a parameter that still holds its argument has the devices its callers pass, a call of a
// function of this translation unit the device of what it returns.

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
  if (inContext()) { // read with one object's construction or call: neither taken nor kept
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
  if (inContext()) // every caller's arguments: none is read with this object or call
    return outsideObject([&] { return parameterDevice(P, Depth); });
  return summarise(P, [&] {
    Sources S = Origins.parameter(P);
    std::optional<Device> D = joinHeld(S.Values, carriesTensors(P->getType()), Depth);
    // Callers seen passing a CUDA tensor are evidence wherever the other calls are; "on the
    // CPU" needs every call in view, here or in the project's other files.
    if (D && (*D == Device::Cuda || S.AllInView))
      return *D;
    if (!D && S.LeftEmpty && S.AllInView)
      return Device::Cpu; // every call is here and none gives a tensor: dead code
    return combine(D.value_or(Device::Cpu), elsewhere(S));
  });
}

Device TensorFacts::heldDevice(const Expr *V, bool Tensors, int Depth) {
  return Tensors ? deviceAt(V, Depth + 1) : namedAt(V, Depth + 1).value_or(Device::Unknown);
}

std::optional<Device> TensorFacts::joinHeld(const std::vector<const Expr *> &Values, bool Tensors,
                                            int Depth) {
  std::optional<Device> D;
  for (const Expr *V : Values) {
    Device Held = heldDevice(V, Tensors, Depth);
    D = D ? combine(*D, Held) : Held;
  }
  return D;
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
  if (inContext())
    return outsideObject([&] { return memberDevice(F, Depth); });
  // Members stored from each other (`probs = softmax(logits)`, `logits = log(probs)`) are
  // a cycle: summarised as a least fixed point, like recursive functions.
  return summarise(F, [&] {
    Sources S = Origins.member(F);
    std::optional<Device> D = joinHeld(S.Values, carriesTensors(F->getType()), Depth);
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
    if (auto D = callInViewDevice(Call, F, Depth))
      return *D;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
        inContext() && MC &&
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
  // A module's own tensors: on the host in a module the function builds and has not moved
  // yet (analysis/ModuleBuilds.h). Any other module's may be anywhere: the moves the project
  // pass sees of its class are evidence only (a module held in a Sequential moves with it,
  // unseen), and a weight nothing is seen to move would read as the host's.
  if (MC && F->getIdentifier() && libraryCallIs(F->getName(), LibraryUse::ListsModuleTensors) &&
      builtOnHostAt(Ctx, moduleVariable(MC->getImplicitObjectArgument()), MC))
    return Device::Cpu;
  // A LibTorch module's forward (or model(x)): where its input is (ValueSources::module).
  if (Sources S = Origins.module(Call); S.Kind == SourceKind::Module)
    return moduleDevice(S, Depth);
  return unknown("returned by LibTorch's `" + F->getNameAsString() + "()`");
}

// ---- One object's construction in view ----
// TensorFacts for a method called on a local object whose construction is in view
// (`auto dist = Categorical(&probs, nullptr); dist.sample()`): the object's type is its
// variable's, so the method's own body runs (no override can), its members hold what this
// construction's constructor stored into them, and the constructor's and the method's
// parameters hold this construction's and this call's arguments. Members that any other
// method stores into keep the class's summary (TensorFacts::memberDevice).

namespace {
// The construction a value is, through the temporaries and copies around it.
const CXXConstructExpr *asConstruction(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const Expr *Inner = withinTemporary(E))
      E = Inner;
    else if (const auto *K = dyn_cast<CXXConstructExpr>(E)) {
      if (!K->getConstructor()->isCopyOrMoveConstructor())
        return K;
      E = K->getNumArgs() == 1 ? K->getArg(0) : nullptr;
    } else
      return nullptr;
  }
  return nullptr;
}

bool isWithin(const SourceManager &SM, const Decl *D, const Expr *E) {
  return SM.isPointWithin(SM.getExpansionLoc(E->getBeginLoc()),
                          SM.getExpansionLoc(D->getBeginLoc()), SM.getExpansionLoc(D->getEndLoc()));
}
} // namespace

const CXXConstructExpr *TensorFacts::constructionOf(const Expr *Object) {
  const DeclRefExpr *R = asVarRef(Object);
  const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDecl() || !V->getType()->isRecordType())
    return nullptr; // a reference or pointer may name an object of a derived class
  const CXXConstructExpr *K = asConstruction(Defs.lastBefore(V, R->getBeginLoc()));
  if (!K || isLibTorchDecl(K->getConstructor()) || K->getConstructor()->isInStdNamespace())
    return nullptr;
  const CXXRecordDecl *Made = K->getConstructor()->getParent()->getCanonicalDecl();
  return Made == V->getType()->getAsCXXRecordDecl()->getCanonicalDecl() ? K : nullptr;
}

std::optional<Device> TensorFacts::objectCallDevice(const CallExpr *Call, const FunctionDecl *F,
                                                    int Depth) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  if (!MC || inContext() || !isa<CXXMethodDecl>(F) || isa<CXXConstructorDecl>(F))
    return std::nullopt;
  const CXXConstructExpr *K = constructionOf(MC->getImplicitObjectArgument());
  if (!K)
    return std::nullopt;
  Object = {K, MC, F->getCanonicalDecl()};
  Device D = returnedDevice(F, Depth, /*OwnBody=*/true);
  Object = {};
  return D;
}

std::optional<Device> TensorFacts::objectMember(const FieldDecl *F, int Depth) {
  if (!Object.Construct)
    return std::nullopt;
  const CXXConstructorDecl *Ctor = Object.Construct->getConstructor();
  const CXXRecordDecl *Class = Ctor->getParent();
  const FunctionDecl *Def = nullptr;
  if (F->getParent()->getCanonicalDecl() != Class->getCanonicalDecl() || !Ctor->hasBody(Def))
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const Expr *> Stored;
  for (const Expr *V : fieldValues(F)) {
    if (V == F->getInClassInitializer())
      continue;
    bool InConstructor = false;
    for (const CXXConstructorDecl *C : Class->ctors())
      if (const FunctionDecl *CD = nullptr; C->hasBody(CD) && isWithin(SM, CD, V))
        InConstructor = true;
    if (!InConstructor)
      return std::nullopt; // another method stores into it: the class's summary
    if (isWithin(SM, Def, V))
      Stored.push_back(V);
  }
  bool Initialised = false;
  for (const CXXCtorInitializer *I : cast<CXXConstructorDecl>(Def)->inits())
    Initialised |= I->isMemberInitializer() && I->isWritten() && I->getMember() == F;
  if (!Initialised && F->getInClassInitializer())
    Stored.push_back(F->getInClassInitializer());
  if (!Active.insert(F).second) { // the constructor reads what it stored before
    ++Cuts;
    return Device::Cpu;
  }
  // Nothing stored: an undefined tensor, no device.
  Device D = joinHeld(Stored, carriesTensors(F->getType()), Depth).value_or(Device::Cpu);
  Active.erase(F);
  return D;
}

std::optional<Device> TensorFacts::objectArgument(const ParmVarDecl *P, int Depth) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!inContext() || !F)
    return std::nullopt;
  const Expr *Arg = nullptr;
  unsigned I = P->getFunctionScopeIndex();
  if (Object.Construct &&
      F->getCanonicalDecl() == Object.Construct->getConstructor()->getCanonicalDecl())
    Arg = I < Object.Construct->getNumArgs() ? Object.Construct->getArg(I) : nullptr;
  else if (F->getCanonicalDecl() == Object.Method)
    Arg = I < Object.Call->getNumArgs() ? Object.Call->getArg(I) : nullptr;
  if (!Arg)
    return std::nullopt;
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg->IgnoreParenImpCasts()))
    Arg = Default->getExpr(); // left to its default: the declaration's expression
  return outsideObject([&] {  // the argument is the caller's, outside the object
    return heldDevice(Arg, carriesTensors(P->getType()), Depth);
  });
}

// ---- One call in view ----
// A function whose result is made from its parameters (`dropout(x, p)` returning
// `mask * x`) gives, at each call, the device of that call's arguments: the summary joins
// every caller's, so a CPU tensor passed at one call would otherwise take the device of a
// CUDA tensor passed at another. Only a body that the call runs for certain is read so
// (not a virtual call), one call deep, and the arguments are the caller's.

std::optional<Device> TensorFacts::callInViewDevice(const CallExpr *Call, const FunctionDecl *F,
                                                    int Depth) {
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  if (inContext() || isa<CXXConstructorDecl>(F) || (M && M->isVirtual()) || F->param_empty() ||
      isa<CXXOperatorCallExpr>(Call))
    return std::nullopt;
  DeviceTrace Outer = Trace;
  Trace = DeviceTrace();
  Device Shared = returnedDevice(F, Depth);
  auto IsOwn = [&](const ParmVarDecl *P) {
    const auto *Of = dyn_cast<FunctionDecl>(P->getDeclContext());
    return Of && Of->getCanonicalDecl() == F->getCanonicalDecl();
  };
  bool ThroughParameters = llvm::any_of(Trace.Params, IsOwn);
  if (Shared == Device::Cpu || !ThroughParameters) {
    Outer.merge(Trace);
    Trace = Outer;
    return Shared;
  }
  Trace = DeviceTrace();
  Object = {nullptr, Call, F->getCanonicalDecl()};
  Device D = returnedDevice(F, Depth, /*OwnBody=*/true);
  Object = {};
  // The parameters of F were bound to this call's arguments: no caller of the finding's
  // function passes through them.
  for (auto It = Trace.Params.begin(); It != Trace.Params.end();)
    It = IsOwn(*It) ? Trace.Params.erase(It) : std::next(It);
  Outer.merge(Trace);
  Trace = Outer;
  return D;
}

} // namespace hostsync
