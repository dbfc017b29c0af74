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
  if (isThrustDevicePolicy(E))
    return true;
  std::string S = E->IgnoreParenImpCasts()->getType().getCanonicalType().getAsString();
  for (const char *Device :
       {"thrust::device_ptr", "thrust::device_allocator", "thrust::device_reference",
        "thrust::device_vector", "thrust::detail::device_t", "cuda_cub::", "device_system_tag"})
    if (S.find(Device) != std::string::npos)
      return true;
  return false;
}

const std::vector<llvm::StringRef> &thrustValueAlgorithms() {
  static const std::vector<llvm::StringRef> Names = {
      "::thrust::reduce",      "::thrust::transform_reduce", "::thrust::inner_product",
      "::thrust::count",       "::thrust::count_if",         "::thrust::min_element",
      "::thrust::max_element", "::thrust::minmax_element",   "::thrust::find",
      "::thrust::find_if",     "::thrust::find_if_not",      "::thrust::all_of",
      "::thrust::any_of",      "::thrust::none_of",          "::thrust::equal",
      "::thrust::is_sorted",   "::thrust::is_partitioned",   "::thrust::mismatch"};
  return Names;
}

const std::vector<llvm::StringRef> &thrustLengthAlgorithms() {
  static const std::vector<llvm::StringRef> Names = {
      "::thrust::remove",         "::thrust::remove_if",
      "::thrust::remove_copy",    "::thrust::remove_copy_if",
      "::thrust::unique",         "::thrust::unique_copy",
      "::thrust::unique_by_key",  "::thrust::unique_by_key_copy",
      "::thrust::copy_if",        "::thrust::reduce_by_key",
      "::thrust::partition",      "::thrust::stable_partition",
      "::thrust::partition_copy", "::thrust::stable_partition_copy",
      "::thrust::set_union",      "::thrust::set_intersection",
      "::thrust::set_difference", "::thrust::set_symmetric_difference"};
  return Names;
}

const std::vector<llvm::StringRef> &thrustDeviceAlgorithms() {
  static const std::vector<llvm::StringRef> Names = {"::thrust::for_each",
                                                     "::thrust::for_each_n",
                                                     "::thrust::transform",
                                                     "::thrust::fill",
                                                     "::thrust::fill_n",
                                                     "::thrust::sequence",
                                                     "::thrust::tabulate",
                                                     "::thrust::sort",
                                                     "::thrust::stable_sort",
                                                     "::thrust::sort_by_key",
                                                     "::thrust::stable_sort_by_key",
                                                     "::thrust::inclusive_scan",
                                                     "::thrust::exclusive_scan",
                                                     "::thrust::transform_inclusive_scan",
                                                     "::thrust::transform_exclusive_scan",
                                                     "::thrust::inclusive_scan_by_key",
                                                     "::thrust::exclusive_scan_by_key",
                                                     "::thrust::gather",
                                                     "::thrust::scatter",
                                                     "::thrust::replace",
                                                     "::thrust::replace_if",
                                                     "::thrust::reverse",
                                                     "::thrust::adjacent_difference",
                                                     "::thrust::copy",
                                                     "::thrust::copy_n"};
  return Names;
}

bool isThrustDevicePolicy(const clang::Expr *E) {
  E = E->IgnoreParenImpCasts();
  // thrust::device by name: its type is the device system's par_t, which under the C++
  // back end (the stand-in's) is also thrust::host's.
  if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(E))
    if (Ref->getDecl()->getQualifiedNameAsString() == "thrust::device")
      return true;
  std::string S = E->getType().getCanonicalType().getAsString();
  return S.find("cuda_cub::par") != std::string::npos ||
         S.find("cuda_cub::execute_on_stream") != std::string::npos;
}

bool anyThrustDeviceArgument(const clang::CallExpr *Call) {
  for (const clang::Expr *A : Call->arguments())
    if (isThrustDeviceSide(A))
      return true;
  return false;
}

} // namespace hostsync
