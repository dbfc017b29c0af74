#include "match/TensorOps.h"
#include "compat/LLVMCompat.h"
#include "model/OpTable.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hostsync {

// at::Tensor or at::TensorBase itself.
static bool isTensorRecord(const CXXRecordDecl *RD) {
  if (!RD || !RD->getIdentifier())
    return false;
  StringRef Name = RD->getName();
  if (Name != "Tensor" && Name != "TensorBase")
    return false;
  const auto *NS = dyn_cast<NamespaceDecl>(RD->getDeclContext());
  return NS && NS->getName() == "at" && NS->getParent()->isTranslationUnit();
}

bool isTensorType(QualType T) {
  if (T.isNull())
    return false;
  return isTensorRecord(T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
}

bool isLibTorchDecl(const Decl *D) {
  const DeclContext *Outermost = nullptr;
  for (const DeclContext *C = D->getDeclContext(); C && !C->isTranslationUnit(); C = C->getParent())
    if (isa<NamespaceDecl>(C))
      Outermost = C;
  if (!Outermost)
    return false;
  StringRef Name = cast<NamespaceDecl>(Outermost)->getName();
  return Name == "at" || Name == "torch" || Name == "c10";
}

bool derivesFromLibTorch(const CXXRecordDecl *RD, StringRef BaseName) {
  if (!RD || !RD->hasDefinition())
    return false;
  for (const CXXBaseSpecifier &B : RD->getDefinition()->bases()) {
    const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl();
    if (Base && Base->getIdentifier() && Base->getName() == BaseName && isLibTorchDecl(Base))
      return true;
    if (derivesFromLibTorch(Base, BaseName))
      return true;
  }
  return false;
}

static bool isStdMove(const CallExpr *C) {
  const FunctionDecl *F = C->getDirectCallee();
  return F && C->getNumArgs() == 1 && F->isInStdNamespace() && F->getIdentifier() &&
         (F->getName() == "move" || F->getName() == "forward");
}

const Expr *withinTemporary(const Expr *E) {
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return EWC->getSubExpr();
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return MT->getSubExpr();
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return BT->getSubExpr();
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return FC->getSubExpr();
  return nullptr;
}

const Expr *stripTensorExpr(const Expr *E) {
  while (E) {
    const Expr *Prev = E;
    E = E->IgnoreParenImpCasts();
    if (const Expr *Inner = withinTemporary(E))
      E = Inner;
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() >= 1 && isTensorType(CE->getType()) &&
          isTensorType(CE->getArg(0)->getType()) &&
          (CE->getNumArgs() == 1 || isa<CXXDefaultArgExpr>(CE->getArg(1))))
        E = CE->getArg(0);
    } else if (const auto *C = dyn_cast<CallExpr>(E)) {
      if (isStdMove(C))
        E = C->getArg(0);
    }
    if (E == Prev)
      return E;
  }
  return E;
}

bool carriesTensors(QualType T) {
  if (T.isNull())
    return false;
  if (isTensorType(T))
    return true;
  if (const auto *P = T.getNonReferenceType()->getAs<PointerType>()) // a tensor passed by address
    return carriesTensors(P->getPointeeType());
  const CXXRecordDecl *Record = T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  // An item of LibTorch's OrderedDict (a module's named_parameters()): what its dict holds.
  if (Record && Record->getIdentifier() && Record->getName() == "Item" && isLibTorchDecl(Record))
    if (const auto *Dict = dyn_cast<ClassTemplateSpecializationDecl>(Record->getParent()))
      Record = Dict;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(Record);
  if (!Spec || !Spec->getIdentifier() ||
      !compat::isOneOf(Spec->getName(), {"tuple", "pair", "vector", "array", "optional", "Example",
                                         "OrderedDict"}) ||
      !(Spec->isInStdNamespace() || isLibTorchDecl(Spec)))
    return false;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray()) {
    if (A.getKind() == TemplateArgument::Type && carriesTensors(A.getAsType()))
      return true;
    if (A.getKind() == TemplateArgument::Pack)
      for (const TemplateArgument &P : A.pack_elements())
        if (P.getKind() == TemplateArgument::Type && carriesTensors(P.getAsType()))
          return true;
  }
  return false;
}

std::optional<std::vector<const Expr *>> tupleParts(const Expr *E) {
  E = stripTensorExpr(E);
  if (!E)
    return std::nullopt;
  // std::get<I>(t), a tensor or a tuple: a part of t, where t's parts are (all combined).
  if (const auto *Get = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = Get->getDirectCallee();
    if (F && F->isInStdNamespace() && F->getIdentifier() && F->getName() == "get")
      return Get->getNumArgs() == 1 && carriesTensors(Get->getArg(0)->getType())
                 ? std::optional(std::vector<const Expr *>{Get->getArg(0)})
                 : std::nullopt;
  }
  if (isTensorType(E->getType()))
    return std::nullopt;
  std::vector<const Expr *> Parts;
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    Parts.assign(IL->inits().begin(), IL->inits().end());
    return Parts;
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    const CXXRecordDecl *R = C->getConstructor()->getParent();
    if (!(R->isInStdNamespace() || isLibTorchDecl(R)) || !R->getIdentifier() ||
        !compat::isOneOf(R->getName(), {"tuple", "pair", "optional", "Example"}))
      return std::nullopt;
    Parts.assign(C->arguments().begin(), C->arguments().end());
    return Parts;
  }
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || !F->isInStdNamespace() || !F->getIdentifier() ||
      !compat::isOneOf(F->getName(), {"make_tuple", "make_pair", "forward_as_tuple", "tie"}))
    return std::nullopt;
  Parts.assign(Call->arguments().begin(), Call->arguments().end());
  return Parts;
}

bool isStdTupleOrPair(const CXXRecordDecl *R) {
  return R && R->isInStdNamespace() && R->getIdentifier() &&
         (R->getName() == "tuple" || R->getName() == "pair");
}

bool isLibraryFunction(const FunctionDecl *F) {
  const SourceManager &SM = F->getASTContext().getSourceManager();
  return isLibTorchDecl(F) || F->isInStdNamespace() ||
         SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation()));
}

bool isNoValue(const Expr *E) {
  E = stripTensorExpr(E);
  auto IsNullopt = [](QualType T) {
    const auto *R = T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
    return R && R->getIdentifier() && R->getName() == "nullopt_t";
  };
  if (!E)
    return false;
  if (IsNullopt(E->getType()) || isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E))
    return true;
  const auto *C = dyn_cast<CXXConstructExpr>(E);
  if (!C || !carriesTensors(C->getType()))
    return false;
  // `torch::Tensor t;` (an undefined tensor) and a default tuple or pair of them, which a
  // call fills later through a reference: no tensor until then.
  if (C->getNumArgs() == 0 && !C->getConstructor()->isCopyOrMoveConstructor()) {
    if (isTensorType(C->getType()) || isStdTupleOrPair(C->getConstructor()->getParent()))
      return true;
  }
  if (isTensorType(C->getType()))
    return false;
  for (const Expr *A : C->arguments())
    if (!IsNullopt(A->getType()))
      return false;
  const CXXRecordDecl *R = C->getConstructor()->getParent();
  return R->getIdentifier() && R->getName() == "optional";
}

bool isDeviceFreeOptions(const Expr *E) {
  for (E = stripTensorExpr(E); E;) {
    E = E->IgnoreImplicit();
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) { // .dtype(...).requires_grad(...)
      if (!MC->getMethodDecl() || !isLibTorchDecl(MC->getMethodDecl()))
        return false;
      E = MC->getImplicitObjectArgument();
      continue;
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) // TensorOptions(), TensorOptions(kLong)
      return isLibTorchDecl(C->getConstructor());
    if (const auto *Call = dyn_cast<CallExpr>(E)) // torch::dtype(kFloat)
      return Call->getDirectCallee() && isLibTorchDecl(Call->getDirectCallee());
    return false;
  }
  return false;
}

bool isDefaultArg(const Expr *E) { return E && isa<CXXDefaultArgExpr>(E->IgnoreImplicit()); }

bool passesNoValue(const Expr *Arg) {
  if (const auto *D = dyn_cast_or_null<CXXDefaultArgExpr>(Arg ? Arg->IgnoreImplicit() : nullptr))
    Arg = D->getExpr();
  return isNoValue(Arg);
}

const DeclRefExpr *asVarRef(const Expr *E) {
  const auto *R = dyn_cast_or_null<DeclRefExpr>(E ? stripTensorExpr(E) : nullptr);
  return R && isa<VarDecl>(R->getDecl()) ? R : nullptr;
}

std::optional<OpCall> asOpCall(const Expr *E) {
  E = stripTensorExpr(E);
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  if (!Call)
    return std::nullopt;
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !F->getIdentifier())
    return std::nullopt;
  OpCall Op;
  Op.Call = Call;
  Op.Callee = F;
  Op.Name = F->getName();
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    const auto *MD = dyn_cast<CXXMethodDecl>(F);
    if (!MD || !isTensorRecord(MD->getParent()))
      return std::nullopt;
    Op.IsMethod = true;
    Op.Self = MC->getImplicitObjectArgument();
    for (const Expr *A : MC->arguments())
      Op.Args.push_back(A);
    return Op;
  }
  if (isa<CXXOperatorCallExpr>(Call) || !isLibTorchDecl(F) || isa<CXXMethodDecl>(F))
    return std::nullopt;
  unsigned First = 0;
  if (Call->getNumArgs() > 0 && isTensorType(Call->getArg(0)->getType())) {
    Op.Self = Call->getArg(0);
    First = 1;
  }
  for (unsigned I = First; I < Call->getNumArgs(); ++I)
    Op.Args.push_back(Call->getArg(I));
  return Op;
}

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
} // namespace

const CallExpr *asUnresolvedCall(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!Call || Call->getDirectCallee() || !Call->isTypeDependent())
    return nullptr;
  return Call;
}

std::optional<OpCall> asRecoveredOpCall(const Expr *E) {
  const CallExpr *Call = asUnresolvedCall(E);
  if (!Call)
    return std::nullopt;
  OpCall Op;
  Op.Call = Call;
  Op.Recovered = true;
  if (const auto *L = dyn_cast<UnresolvedLookupExpr>(Call->getCallee()->IgnoreParenImpCasts())) {
    if (!isLibTorchFromBlob(L))
      return std::nullopt;
    Op.Name = "from_blob";
    for (unsigned I = 2; I < Call->getNumArgs(); ++I) // after the data pointer and the sizes
      Op.Args.push_back(Call->getArg(I));
    return Op;
  }
  const CXXDependentScopeMemberExpr *M = unresolvedMethod(Call);
  if (!M || !asRecoveredOpCall(M->getBase()))
    return std::nullopt;
  Op.Name = M->getMember().getAsIdentifierInfo()->getName();
  const OpRow Row = opRow(Op.Name);
  if (Row.Values != ResultValues::Same && Row.Dtype != ResultDtype::Keep)
    return std::nullopt; // may return something else than a tensor (max(1): a tuple)
  Op.IsMethod = true;
  Op.Self = M->getBase();
  Op.Args.assign(Call->arg_begin(), Call->arg_end());
  return Op;
}

namespace {
// Finds the first InitListExpr under an index argument (the braces of {a, b}).
class InitListFinder : public RecursiveASTVisitor<InitListFinder> {
public:
  const InitListExpr *Found = nullptr;
  bool VisitInitListExpr(InitListExpr *I) {
    if (!Found)
      Found = I;
    return false;
  }
};
} // namespace

std::vector<const Expr *> indexElements(const Expr *IndexArg) {
  std::vector<const Expr *> Out;
  if (!IndexArg)
    return Out;
  if (isTensorType(IndexArg->getType())) { // x[t]
    Out.push_back(stripTensorExpr(IndexArg));
    return Out;
  }
  InitListFinder Finder;
  Finder.TraverseStmt(const_cast<Expr *>(IndexArg));
  if (!Finder.Found)
    return Out;
  for (const Expr *Init : Finder.Found->inits()) {
    const Expr *Inner = Init->IgnoreImplicit();
    // TensorIndex(<element>): look through the converting constructor.
    while (const auto *CE = dyn_cast<CXXConstructExpr>(Inner)) {
      if (CE->getNumArgs() == 0)
        break;
      Inner = CE->getArg(0)->IgnoreImplicit();
    }
    Out.push_back(stripTensorExpr(Inner));
  }
  return Out;
}

namespace {
class DeviceMentionFinder : public RecursiveASTVisitor<DeviceMentionFinder> {
public:
  bool SawCuda = false, SawCpu = false, SawOther = false;
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    const ValueDecl *D = R->getDecl();
    if (!D || !D->getIdentifier())
      return true;
    StringRef N = D->getName();
    bool IsDeviceType = false;
    if (const auto *EC = dyn_cast<EnumConstantDecl>(D)) {
      const auto *ED = dyn_cast<EnumDecl>(EC->getDeclContext());
      IsDeviceType = ED && ED->getName() == "DeviceType";
    } else if (isa<VarDecl>(D)) {
      IsDeviceType = isLibTorchDecl(D) && compat::startsWith(N, "k");
      if (IsDeviceType)
        N = N.drop_front();
    }
    if (!IsDeviceType)
      return true;
    if (N == "CUDA")
      SawCuda = true;
    else if (N == "CPU")
      SawCpu = true;
    else if (N == "HIP" || N == "XLA" || N == "MPS" || N == "Meta" || N == "XPU")
      SawOther = true;
    return true;
  }
  bool VisitStringLiteral(StringLiteral *S) {
    if (!compat::isOrdinaryString(S))
      return true;
    StringRef V = S->getString();
    if (compat::startsWith(V, "cuda"))
      SawCuda = true;
    else if (V == "cpu")
      SawCpu = true;
    return true;
  }
};

class BoolDtypeFinder : public RecursiveASTVisitor<BoolDtypeFinder> {
public:
  bool Found = false;
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    const ValueDecl *D = R->getDecl();
    if (D && D->getIdentifier() && isLibTorchDecl(D) &&
        (D->getName() == "kBool" || (isa<EnumConstantDecl>(D) && D->getName() == "Bool")))
      Found = true;
    return !Found;
  }
};
} // namespace

DeviceMention mentionedDeviceType(const Expr *E) {
  if (!E)
    return DeviceMention::None;
  DeviceMentionFinder F;
  F.TraverseStmt(const_cast<Expr *>(E));
  // `cuda::is_available() ? kCUDA : kCPU` means the program runs on the GPU when it can.
  if (F.SawCuda)
    return DeviceMention::Cuda;
  if (F.SawOther)
    return DeviceMention::Other;
  if (F.SawCpu)
    return DeviceMention::Cpu;
  return DeviceMention::None;
}

DeviceMention constantDeviceType(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = M->getSubExpr();
      continue;
    }
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E)) {
      E = B->getSubExpr();
      continue;
    }
    if (const auto *K = dyn_cast<CXXConstructExpr>(E); K && K->getNumArgs() >= 1) {
      E = K->getArg(0); // Device(kCUDA), Device(kCUDA, 0): the type
      continue;
    }
    break;
  }
  const auto *R = dyn_cast<DeclRefExpr>(E);
  if (!R || !R->getDecl()->getIdentifier())
    return DeviceMention::None;
  StringRef N = R->getDecl()->getName();
  if (N == "kCUDA" || N == "CUDA")
    return DeviceMention::Cuda;
  if (N == "kCPU" || N == "CPU")
    return DeviceMention::Cpu;
  return DeviceMention::None;
}

bool mentionsBoolDtype(const Expr *E) {
  if (!E)
    return false;
  BoolDtypeFinder F;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

bool isTrueLiteral(const Expr *E) {
  if (!E)
    return false;
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(E->IgnoreParenImpCasts()))
    return B->getValue();
  return false;
}

} // namespace hostsync
