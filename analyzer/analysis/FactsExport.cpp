#include "analysis/FactsExport.h"

#include "match/TensorOps.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace hostsync {

namespace {
// The functions with a body in the user's code: their returns are facts for other files.
class BodyCollector : public RecursiveASTVisitor<BodyCollector> {
public:
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->doesThisDeclarationHaveABody() && !F->isDependentContext())
      Out.push_back(F);
    return true;
  }
  std::vector<const FunctionDecl *> Out;
};

class Exporter {
public:
  Exporter(ASTContext &Ctx, TensorFacts &Facts, bool CpuOnly)
      : SM(Ctx.getSourceManager()), Facts(Facts), CpuOnly(CpuOnly) {}

  // The last traced query of Facts, as the project pass reads it.
  void add(const TensorFacts::FactKey &K, SourceLocation At) {
    const std::string &Key = K.Key;
    const DeviceTrace &T = Facts.lastTrace();
    Contribution C;
    C.Key = Key;
    C.Value.Base = T.Raw == Device::Cuda      ? DeviceState::Cuda
                   : T.Raw == Device::Unknown ? (CpuOnly ? DeviceState::Cpu : DeviceState::Unknown)
                                              : DeviceState::Cpu;
    if (T.Raw != Device::Cuda)
      C.Value.Keys = T.Keys;
    C.Value.Keys.erase(Key); // a value that feeds itself adds nothing
    C.Where = where(At);
    C.Why = T.UnknownWhy;
    Out.Contributions.push_back(std::move(C));
    Out.Names.emplace(Key, K.Name);
  }
  TUFacts Out;

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

} // namespace

TUFacts exportFacts(ASTContext &Ctx, const std::vector<Decl *> &TopLevel, TensorFacts &Facts,
                    bool CpuOnlyProgram) {
  Exporter E(Ctx, Facts, CpuOnlyProgram);
  CallSites &Calls = Facts.callSites();
  for (const auto &[F, Sites] : Calls.calls()) {
    if (isLibTorchDecl(F) || !Calls.callersKnowable(F))
      continue;
    for (unsigned I = 0; I < F->getNumParams(); ++I) {
      TensorFacts::FactKey Key = TensorFacts::argumentKey(F, I);
      if (Key.Key.empty())
        continue;
      for (const Expr *Site : Sites)
        if (const Expr *Arg = argumentOf(Site, F, I))
          if (Facts.argumentDevice(Arg, F->getParamDecl(I)->getType()))
            E.add(Key, Arg->getBeginLoc());
    }
  }
  // Functions that code out of view may call: with the parameters of any argument.
  auto Opaque = [&](const FunctionDecl *F) {
    for (unsigned I = 0; I < F->getNumParams(); ++I)
      if (std::string Key = TensorFacts::argumentKey(F, I).Key; !Key.empty())
        E.Out.Opaque.insert(Key);
  };
  for (const FunctionDecl *F : Calls.addressTaken())
    Opaque(F);
  for (const CXXRecordDecl *R : Calls.constructedByTemplates())
    if (R->hasDefinition())
      for (const CXXConstructorDecl *C : R->getDefinition()->ctors())
        Opaque(C);

  BodyCollector Defs;
  for (Decl *D : TopLevel)
    Defs.TraverseDecl(D);
  // An override's returns are also what a call of the methods it overrides may return.
  for (const FunctionDecl *F : Defs.Out) {
    if (!carriesTensors(F->getReturnType()))
      continue;
    Facts.returnDevice(F, /*OwnBody=*/true);
    for (const FunctionDecl *Callee : overriddenAndSelf(F))
      if (TensorFacts::FactKey Key = TensorFacts::returnKey(Callee); !Key.Key.empty())
        E.add(Key, F->getLocation());
  }

  for (const auto &[Field, Values] : Facts.fieldStores()) {
    TensorFacts::FactKey Key = TensorFacts::fieldKey(Field);
    if (Key.Key.empty())
      continue;
    for (const Expr *V : Values)
      if (Facts.argumentDevice(V, Field->getType()))
        E.add(Key, V->getBeginLoc());
  }
  E.Out.Names.insert(Facts.keyNames().begin(), Facts.keyNames().end());
  return E.Out;
}

} // namespace hostsync
