#include "analysis/TensorFacts.h"
#include "analysis/ContainerStores.h"
#include "analysis/DeclKeys.h"
#include "analysis/DeviceChecks.h"
#include "compat/LLVMCompat.h"

#include "match/CompileErrors.h"
#include "match/DataLoaders.h"
#include "match/OpTable.h"
#include "match/RewriteParts.h"
#include "match/TensorOps.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

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

const Expr *TensorFacts::definitionOf(const Expr *E) {
  const DeclRefExpr *R = asVarRef(E);
  if (!R)
    return nullptr;
  return Defs.lastBefore(cast<VarDecl>(R->getDecl()), R->getBeginLoc());
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
  // A function of this file that it is handed to is read here (a few levels deep); one
  // defined elsewhere, or a virtual one, through the project pass.
  for (const Sources::Filler &F : S.Fillers)
    Stored = combine(Stored, Level < 4 && F.InView
                                 ? storedDevice(F.InView, Level + 1, Depth)
                                 : open(fillKey(F.Callee, F.Param),
                                        S.Name + ", filled by " + quotedName(F.Callee)));
  return Stored;
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
// Collects, inside an argument, the user variables that may carry a device (Device,
// DeviceType, TensorOptions) and the tensors whose .device()/.options() it reads.
bool carriesDevice(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  const NamedDecl *TD = nullptr;
  if (const auto *RD = T->getAsCXXRecordDecl())
    TD = RD;
  else if (const auto *ET = T->getAs<EnumType>())
    TD = ET->getDecl();
  return TD && TD->getIdentifier() &&
         compat::isOneOf(TD->getName(), {"Device", "DeviceType", "TensorOptions"});
}

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

std::optional<Device> TensorFacts::copyTargetAt(const OpCall &To, int Depth) {
  for (const Expr *A : To.Args) {
    if (isTensorType(A->getType()))
      return deviceAt(A, Depth + 1); // x.to(other): other's device
    if (auto D = namedAt(A, Depth + 1))
      return D;
  }
  return std::nullopt;
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

bool TensorFacts::isPinned(const Expr *E) {
  auto Op = producerVia(E, /*ThroughCopies=*/false);
  return Op && Op->IsMethod && opRow(Op->Name).Device == ResultDevice::PinnedCpu;
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
    if (asVarRef(E)) {
      E = definitionOf(E);
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

} // namespace hostsync
