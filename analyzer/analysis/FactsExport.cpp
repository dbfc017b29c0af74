#include "analysis/FactsExport.h"
#include "analysis/ContainerStores.h"

#include "compat/LLVMCompat.h"
#include "match/Modules.h"
#include "match/TensorOps.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace hostsync {

namespace {
class Exporter {
public:
  Exporter(ASTContext &Ctx, TensorFacts &Facts, bool CpuOnly)
      : SM(Ctx.getSourceManager()), Facts(Facts), CpuOnly(CpuOnly) {}

  // A value that is not a query's: another key's (a module moved with its owner).
  void addValue(const TensorFacts::FactKey &K, OpenDevice Value, SourceLocation At) {
    Out.Contributions.push_back({K.Key, std::move(Value), where(At), ""});
    Out.Names.emplace(K.Key, K.Name);
  }
  // The last traced query of Facts, as the project pass reads it.
  void add(const TensorFacts::FactKey &K, SourceLocation At) {
    const std::string &Key = K.Key;
    const DeviceTrace &T = Facts.lastTrace();
    Contribution C;
    C.Key = Key;
    C.Value = openValueOf(T, CpuOnly);
    C.Value.Keys.erase(Key); // a value that feeds itself adds nothing
    C.Where = where(At);
    C.Why = T.UnknownWhy;
    Out.Contributions.push_back(std::move(C));
    Out.Names.emplace(Key, K.Name);
  }
  TUFacts Out;
  // The translation unit's own file, as reasons name it.
  std::string fileName() const {
    return llvm::sys::path::filename(SM.getFilename(SM.getLocForStartOfFile(SM.getMainFileID())))
        .str();
  }

private:
  std::string where(SourceLocation At) {
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(At));
    if (P.isInvalid())
      return "?";
    return llvm::sys::path::filename(P.getFilename()).str() + ":" + std::to_string(P.getLine());
  }
  const SourceManager &SM;
  TensorFacts &Facts;
  bool CpuOnly;
};

// Where the TU moves modules (module:<class> keys): `model->to(device)` and `->cuda()` on a
// user module, a module held as a member of another (it moves with its owner), and a
// module class whose user base class is moved (a `shared_ptr<Base>` holds a Derived).
void moduleMove(const CXXMemberCallExpr *Call, TensorFacts &Facts, Exporter &E) {
  TensorFacts::FactKey Key = moduleKey(calledModule(Call));
  if (Key.Key.empty())
    return;
  if (Call->getMethodDecl()->getName() == "cuda") {
    OpenDevice Cuda;
    Cuda.Base = DeviceState::Cuda;
    E.addValue(Key, Cuda, Call->getBeginLoc());
    return;
  }
  for (const Expr *A : Call->arguments())
    if (Facts.namedDevice(A))
      E.add(Key, Call->getBeginLoc());
}

void moduleMovesWith(const CXXRecordDecl *R, Exporter &E) {
  const CXXRecordDecl *Owner = asUserModule(R);
  TensorFacts::FactKey OwnerKey = moduleKey(Owner);
  if (OwnerKey.Key.empty())
    return;
  auto Follows = [&](const CXXRecordDecl *Moved, const TensorFacts::FactKey &From,
                     SourceLocation At) {
    TensorFacts::FactKey Key = moduleKey(Moved);
    if (Key.Key.empty() || Key.Key == From.Key)
      return;
    OpenDevice Value;
    Value.Keys.insert(From.Key);
    E.addValue(Key, Value, At);
  };
  for (const FieldDecl *F : R->fields())
    if (const CXXRecordDecl *Member = userModuleClass(F->getType()))
      Follows(Member, OwnerKey, F->getLocation());
  for (const CXXBaseSpecifier &B : R->bases())
    if (const CXXRecordDecl *Base = userModuleClass(B.getType()))
      Follows(Owner, moduleKey(Base), B.getBeginLoc());
}

} // namespace

OpenDevice openValueOf(const DeviceTrace &T, bool CpuOnlyProgram) {
  OpenDevice V;
  V.Base = T.Raw == Device::Cuda      ? DeviceState::Cuda
           : T.Raw == Device::Unknown ? (CpuOnlyProgram ? DeviceState::Cpu : DeviceState::Unknown)
                                      : DeviceState::Cpu;
  if (T.Raw != Device::Cuda)
    V.Keys = T.Keys;
  return V;
}

TUFacts exportFacts(ASTContext &Ctx, const TUIndex &Index, TensorFacts &Facts,
                    bool CpuOnlyProgram) {
  Exporter E(Ctx, Facts, CpuOnlyProgram);
  CallSites &Calls = Facts.callSites();
  for (const auto &[F, Sites] : Calls.calls()) {
    if (isLibTorchDecl(F) || !Calls.callersKnowable(F))
      continue;
    for (unsigned I = 0; I < F->getNumParams(); ++I) {
      TensorFacts::FactKey Key = argumentKey(F, I);
      if (Key.Key.empty())
        continue;
      for (const Expr *Site : Sites)
        if (const Expr *Arg = argumentOf(Site, F, I); Arg && !passesNoValue(Arg))
          if (Facts.argumentDevice(Arg, F->getParamDecl(I)->getType()))
            E.add(Key, Arg->getBeginLoc());
    }
  }
  // Functions that code out of view may call: with the parameters of any argument.
  auto Opaque = [&](const FunctionDecl *F, const std::string &Why) {
    for (unsigned I = 0; I < F->getNumParams(); ++I)
      if (std::string Key = argumentKey(F, I).Key; !Key.empty())
        E.Out.Opaque.emplace(Key, Why);
  };
  for (const FunctionDecl *F : Calls.addressTaken())
    Opaque(F, "its address is taken in " + E.fileName());
  for (const CXXRecordDecl *R : Calls.constructedByTemplates())
    if (R->hasDefinition())
      for (const CXXConstructorDecl *C : R->getDefinition()->ctors())
        Opaque(C, "a template called in " + E.fileName() + " may construct it");
  for (const auto &[R, Why] : Calls.modulesForwardOutOfView())
    if (R->hasDefinition())
      for (const CXXMethodDecl *M : R->getDefinition()->methods())
        if (TUIndex::isModuleForward(M))
          Opaque(M, E.fileName() + " " + Why);

  // An override's returns are also what a call of the methods it overrides may return.
  for (const FunctionDecl *F : Index.bodies()) {
    if (!carriesTensors(F->getReturnType()))
      continue;
    Facts.returnDevice(F, /*OwnBody=*/true);
    for (const FunctionDecl *Callee : overriddenAndSelf(F))
      if (TensorFacts::FactKey Key = returnKey(Callee); !Key.Key.empty())
        E.add(Key, F->getLocation());
  }

  // What each function stores into the containers its parameters refer to (fill: keys),
  // for its own key and the methods it overrides.
  for (const FunctionDecl *F : Index.bodies())
    for (unsigned I = 0; I < F->getNumParams(); ++I) {
      const ParmVarDecl *P = F->getParamDecl(I);
      if (!fillableThrough(P->getType()) ||
          !(P->getType()->isReferenceType() || P->getType()->isPointerType()))
        continue;
      Sources S = Facts.origins().container(P);
      DeviceState Unseen = CpuOnlyProgram ? DeviceState::Cpu : DeviceState::Unknown;
      for (const FunctionDecl *Callee : overriddenAndSelf(F)) {
        TensorFacts::FactKey Key = fillKey(Callee, I);
        if (Key.Key.empty())
          continue;
        if (!S.UnknownWhy.empty() || (S.Values.empty() && S.Fillers.empty())) {
          OpenDevice Base; // nothing stored: the CPU (adds nothing); or what is unseen
          Base.Base = S.UnknownWhy.empty() ? DeviceState::Cpu : Unseen;
          E.addValue(Key, Base, P->getLocation());
        }
        for (const Expr *V : S.Values)
          if (Facts.argumentDevice(V, V->getType()))
            E.add(Key, V->getBeginLoc());
        for (const Sources::Filler &H : S.Fillers) {
          OpenDevice Next;
          if (std::string NextKey = fillKey(H.Callee, H.Param).Key; NextKey.empty())
            Next.Base = Unseen;
          else
            Next.Keys.insert(NextKey);
          E.addValue(Key, Next, H.Arg->getBeginLoc());
        }
      }
    }

  for (const auto &[Field, Values] : Facts.fieldStores()) {
    TensorFacts::FactKey Key = fieldKey(Field);
    if (Key.Key.empty())
      continue;
    for (const Expr *V : Values)
      if (Facts.argumentDevice(V, Field->getType()))
        E.add(Key, V->getBeginLoc());
  }
  for (const TUIndex::ModuleMove &M : Index.moduleMoves()) {
    if (const auto *Call = M.dyn_cast<const CXXMemberCallExpr *>())
      moduleMove(Call, Facts, E);
    else if (const auto *Class = M.dyn_cast<const CXXRecordDecl *>())
      moduleMovesWith(Class, E);
  }
  E.Out.Names.insert(Facts.keyNames().begin(), Facts.keyNames().end());
  E.Out.NamesCuda = Ctx.getLangOpts().CUDA || Index.namesCuda();
  E.Out.MainIn = Index.definesMain() ? E.fileName() : "";
  return E.Out;
}

} // namespace hostsync
