// TensorFacts for a method called on a local object whose construction is in view
// (`auto dist = Categorical(&probs, nullptr); dist.sample()`): the object's type is its
// variable's, so the method's own body runs (no override can), its members hold what this
// construction's constructor stored into them, and the constructor's and the method's
// parameters hold this construction's and this call's arguments. Members that any other
// method stores into keep the class's summary (TensorFacts::memberDevice).
#include "analysis/TensorFacts.h"

#include "match/TensorOps.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hostsync {

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
  if (!MC || Object.Construct || !isa<CXXMethodDecl>(F) || isa<CXXConstructorDecl>(F))
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
  Device D = Device::Cpu; // nothing stored: an undefined tensor, no device
  for (const Expr *V : Stored)
    D = combine(D, isTensorType(F->getType()) ? deviceAt(V, Depth + 1)
                                              : namedAt(V, Depth + 1).value_or(Device::Unknown));
  Active.erase(F);
  return D;
}

std::optional<Device> TensorFacts::objectArgument(const ParmVarDecl *P, int Depth) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!Object.Construct || !F)
    return std::nullopt;
  const Expr *Arg = nullptr;
  unsigned I = P->getFunctionScopeIndex();
  if (F->getCanonicalDecl() == Object.Construct->getConstructor()->getCanonicalDecl())
    Arg = I < Object.Construct->getNumArgs() ? Object.Construct->getArg(I) : nullptr;
  else if (F->getCanonicalDecl() == Object.Method)
    Arg = I < Object.Call->getNumArgs() ? Object.Call->getArg(I) : nullptr;
  if (!Arg)
    return std::nullopt;
  return outsideObject([&] { // the argument is the caller's, outside the object
    return carriesTensors(P->getType()) ? deviceAt(Arg, Depth + 1)
                                        : namedAt(Arg, Depth + 1).value_or(Device::Unknown);
  });
}

} // namespace hostsync
