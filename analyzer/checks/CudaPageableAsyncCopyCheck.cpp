#include "checks/CudaPageableAsyncCopyCheck.h"

#include "match/CudaCalls.h"
#include "match/TensorMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

void CudaPageableAsyncCopyCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(matchers::cudaApiCall({"cudaMemcpyAsync", "cudaMemcpy2DAsync"}).bind("call"),
                     this);
}

void CudaPageableAsyncCopyCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  std::string Name = Call->getDirectCallee()->getName().str();
  bool TwoD = Name == "cudaMemcpy2DAsync";
  if (Call->getNumArgs() < (TwoD ? 4u : 2u))
    return;
  const Expr *Dst = Call->getArg(0), *Src = Call->getArg(TwoD ? 2 : 1);
  // The host side of the copy, by its direction; both sides when it is not written down.
  CopyKind Kind = copyKindOf(Call);
  std::string DstMemory, SrcMemory;
  if (Kind == CopyKind::DeviceToHost || Kind == CopyKind::Default || Kind == CopyKind::Unknown)
    DstMemory = pageableMemory(Dst);
  if (Kind == CopyKind::HostToDevice || Kind == CopyKind::Default || Kind == CopyKind::Unknown)
    SrcMemory = pageableMemory(Src);
  if (!DstMemory.empty())
    report(Call, opLocation(Call), Name, Device::Cuda,
           "'" + Name + "' into pageable host memory (" + DstMemory +
               ") is not asynchronous: it returns only when the copy, and the work queued "
               "before it, has finished");
  else if (!SrcMemory.empty())
    report(Call, opLocation(Call), Name, Device::Cuda,
           "'" + Name + "' from pageable host memory (" + SrcMemory +
               ") is not asynchronous: the runtime stages it through a pinned buffer and, "
               "unless the copy is small, waits for the stream first");
}

} // namespace hostsync
