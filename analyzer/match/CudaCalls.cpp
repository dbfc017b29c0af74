#include "match/CudaCalls.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace hostsync {

CopyKind copyKindOf(const CallExpr *Call) {
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const Expr *Arg = Call->getArg(I);
    const auto *Enum = Arg->getType()->getAs<EnumType>();
    if (!Enum || Enum->getDecl()->getName() != "cudaMemcpyKind")
      continue;
    if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg))
      Arg = Default->getExpr();
    const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
    const auto *Value = Ref ? dyn_cast<EnumConstantDecl>(Ref->getDecl()) : nullptr;
    if (!Value)
      return CopyKind::Unknown;
    return llvm::StringSwitch<CopyKind>(Value->getName())
        .Case("cudaMemcpyHostToHost", CopyKind::HostToHost)
        .Case("cudaMemcpyHostToDevice", CopyKind::HostToDevice)
        .Case("cudaMemcpyDeviceToHost", CopyKind::DeviceToHost)
        .Case("cudaMemcpyDeviceToDevice", CopyKind::DeviceToDevice)
        .Case("cudaMemcpyDefault", CopyKind::Default)
        .Default(CopyKind::Unknown);
  }
  return CopyKind::Unknown;
}

namespace {
bool isStdContainer(QualType T, std::initializer_list<StringRef> Names) {
  const auto *R = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!R || !R->isInStdNamespace())
    return false;
  for (StringRef N : Names)
    if (R->getName() == N)
      return true;
  return false;
}

std::string pageableAllocation(const Expr *Init) {
  Init = Init->IgnoreParenCasts();
  if (const auto *New = dyn_cast<CXXNewExpr>(Init))
    return New->isArray() ? "memory from new[]" : "memory from new";
  if (const auto *Call = dyn_cast<CallExpr>(Init))
    if (const FunctionDecl *F = Call->getDirectCallee())
      if (F->getName() == "malloc" || F->getName() == "calloc" || F->getName() == "realloc")
        return "memory from " + F->getName().str();
  return "";
}
} // namespace

std::string pageableMemory(const Expr *Ptr) {
  Ptr = Ptr->IgnoreParenCasts();
  // v.data() of a std::vector / std::array / std::string.
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(Ptr))
    if (M->getMethodDecl() && M->getMethodDecl()->getName() == "data" &&
        isStdContainer(M->getImplicitObjectArgument()->getType(),
                       {"vector", "array", "basic_string"}))
      return "a std::" + M->getMethodDecl()->getParent()->getName().str();
  // &x, &v[i], &a[i].
  if (const auto *U = dyn_cast<UnaryOperator>(Ptr); U && U->getOpcode() == UO_AddrOf) {
    const Expr *Sub = U->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Sub))
      if (Op->getOperator() == OO_Subscript &&
          isStdContainer(Op->getArg(0)->getType(), {"vector", "array"}))
        return "a std::vector";
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(Sub))
      return pageableMemory(A->getBase());
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Sub))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
          V && !V->getType()->isReferenceType() && !V->getType()->isPointerType())
        return V->hasLocalStorage() ? "a local variable" : "a global variable";
    return "";
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Ptr);
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || isa<ParmVarDecl>(V))
    return "";
  if (V->getType()->isArrayType()) // decays to a pointer to its first element
    return V->hasLocalStorage() ? "a stack array" : "a global array";
  if (V->getType()->isPointerType() && V->getInit())
    return pageableAllocation(V->getInit());
  return "";
}

bool isThrustDeviceSide(const clang::Expr *E) {
  std::string S = E->IgnoreParenImpCasts()->getType().getCanonicalType().getAsString();
  for (const char *Device :
       {"thrust::device_ptr", "thrust::device_allocator", "thrust::device_reference",
        "thrust::device_vector", "thrust::detail::device_t", "cuda_cub::", "device_system_tag"})
    if (S.find(Device) != std::string::npos)
      return true;
  return false;
}

bool anyThrustDeviceArgument(const clang::CallExpr *Call) {
  for (const clang::Expr *A : Call->arguments())
    if (isThrustDeviceSide(A))
      return true;
  return false;
}

} // namespace hostsync
