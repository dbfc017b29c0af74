#include "match/DataLoaders.h"

#include "compat/LLVMCompat.h"
#include "match/TensorOps.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace hostsync {

namespace {
const CXXRecordDecl *recordOf(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  if (const auto *P = T->getAs<PointerType>())
    T = P->getPointeeType().getCanonicalType();
  return T->getAsCXXRecordDecl();
}

// The first type argument of a template specialization, if any.
QualType firstTypeArgument(const CXXRecordDecl *RD) {
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec)
    return QualType();
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type)
      return A.getAsType();
  return QualType();
}
} // namespace

const CXXRecordDecl *sourceDataset(QualType T) {
  for (int Depth = 0; Depth < 16 && !T.isNull(); ++Depth) {
    const CXXRecordDecl *RD = recordOf(T);
    if (!RD || !RD->getIdentifier())
      return nullptr;
    StringRef N = RD->getName();
    bool Wrapper = (RD->isInStdNamespace() && compat::isOneOf(N, {"unique_ptr", "shared_ptr"})) ||
                   (isLibTorchDecl(RD) &&
                    compat::isOneOf(N, {"MapDataset", "SharedBatchDataset", "StatelessDataLoader",
                                        "StatefulDataLoader", "DataLoaderBase"}));
    if (Wrapper) {
      T = firstTypeArgument(RD);
      continue;
    }
    return derivesFromLibTorch(RD, "BatchDataset") ? RD : nullptr;
  }
  return nullptr;
}

const CXXMethodDecl *exampleMaker(const CXXRecordDecl *Dataset) {
  for (const CXXRecordDecl *RD = Dataset; RD && RD->hasDefinition();) {
    for (const CXXMethodDecl *M : RD->methods())
      if (M->getIdentifier() && compat::isOneOf(M->getName(), {"get", "get_batch"}) &&
          !M->isImplicit())
        return M;
    // A dataset's get() may live in a user base class (CRTP or not); LibTorch's bases only
    // declare it.
    const CXXRecordDecl *Next = nullptr;
    for (const CXXBaseSpecifier &B : RD->bases())
      if (const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl();
          Base && !isLibTorchDecl(Base))
        Next = Base;
    RD = Next;
  }
  return nullptr;
}

bool isExampleType(QualType T) {
  const CXXRecordDecl *RD = recordOf(T);
  return RD && RD->getIdentifier() && RD->getName() == "Example" && isLibTorchDecl(RD);
}

const CXXForRangeStmt *rangeForOf(ASTContext &Ctx, const VarDecl *V) {
  for (const DynTypedNode &P : Ctx.getParents(*V))
    if (const auto *DS = P.get<DeclStmt>())
      for (const DynTypedNode &PP : Ctx.getParents(*DS))
        if (const auto *For = PP.get<CXXForRangeStmt>(); For && For->getLoopVariable() == V)
          return For;
  return nullptr;
}

} // namespace hostsync
