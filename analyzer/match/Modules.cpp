#include "match/Modules.h"

#include "compat/LLVMCompat.h"
#include "match/TensorOps.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace hostsync {

namespace {
// ModuleHolder<X> among RD and its bases (TORCH_MODULE(Net) derives from ModuleHolder<NetImpl>).
QualType heldModule(const CXXRecordDecl *RD) {
  for (int Depth = 0; RD && Depth < 8; ++Depth) {
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
        Spec && Spec->getIdentifier() &&
        ((isLibTorchDecl(Spec) && Spec->getName() == "ModuleHolder") ||
         (Spec->isInStdNamespace() &&
          compat::isOneOf(Spec->getName(), {"shared_ptr", "unique_ptr"}))) &&
        Spec->getTemplateArgs().size() > 0 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
      return Spec->getTemplateArgs()[0].getAsType();
    if (!RD->hasDefinition() || RD->getDefinition()->getNumBases() != 1)
      return QualType();
    RD = RD->getDefinition()->bases_begin()->getType()->getAsCXXRecordDecl();
  }
  return QualType();
}
} // namespace

const CXXRecordDecl *userModuleClass(QualType T) {
  for (int Depth = 0; Depth < 4 && !T.isNull(); ++Depth) {
    T = T.getNonReferenceType().getCanonicalType();
    if (const auto *P = T->getAs<PointerType>())
      T = P->getPointeeType().getCanonicalType();
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (!RD)
      return nullptr;
    if (derivesFromLibTorch(RD, "Module"))
      return asUserModule(RD);
    T = heldModule(RD);
  }
  return nullptr;
}

const CXXRecordDecl *asUserModule(const CXXRecordDecl *RD) {
  return RD && derivesFromLibTorch(RD, "Module") && !isLibTorchDecl(RD) ? RD->getCanonicalDecl()
                                                                        : nullptr;
}

const CXXRecordDecl *calledModule(const CXXMemberCallExpr *Call) {
  const Expr *Obj = Call->getImplicitObjectArgument();
  if (!Obj)
    return nullptr;
  // model->to(d) on a holder: the object is what the holder's operator-> returns, a
  // pointer to the module (so no base-class cast hides its class).
  return userModuleClass(Obj->IgnoreParenImpCasts()->getType());
}

const Expr *throughHolder(const Expr *Object) {
  if (!Object)
    return nullptr;
  Object = Object->IgnoreParenImpCasts();
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Object);
      Op &&
      (Op->getOperator() == OO_Arrow || Op->getOperator() == OO_Call ||
       Op->getOperator() == OO_Star) &&
      Op->getNumArgs() >= 1)
    return Op->getArg(0)->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Object); U && U->getOpcode() == UO_Deref)
    return U->getSubExpr()->IgnoreParenImpCasts();
  return Object;
}

const CXXRecordDecl *owningModule(const Expr *Object) {
  Object = throughHolder(Object);
  if (!Object)
    return nullptr;
  const auto *M = dyn_cast<MemberExpr>(Object);
  if (!M || !isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
  return F ? asUserModule(dyn_cast<CXXRecordDecl>(F->getParent())) : nullptr;
}

} // namespace hostsync
