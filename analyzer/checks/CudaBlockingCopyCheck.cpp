#include "checks/CudaBlockingCopyCheck.h"

#include "match/CudaCalls.h"
#include "match/TensorMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

void CudaBlockingCopyCheck::registerMatchers(MatchFinder *Finder) {
  // cudaMemcpyPeer is left out: the runtime documents it as asynchronous to the host.
  Finder->addMatcher(
      matchers::cudaApiCall({"cudaMemcpy", "cudaMemcpy2D", "cudaMemcpy3D", "cudaMemcpyToSymbol",
                             "cudaMemcpyFromSymbol", "cuMemcpyDtoH_v2", "cuMemcpyHtoD_v2",
                             "cuMemcpyDtoH", "cuMemcpyHtoD"})
          .bind("call"),
      this);
}

void CudaBlockingCopyCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  std::string Name = Call->getDirectCallee()->getName().str();
  const char *Direction = "";
  switch (copyKindOf(Call)) {
  case CopyKind::DeviceToDevice: // "no host-side synchronization is performed"
  case CopyKind::HostToHost:
    return;
  case CopyKind::DeviceToHost:
    Direction = " (device to host)";
    break;
  case CopyKind::HostToDevice:
    Direction = " (host to device)";
    break;
  default:
    break;
  }
  report(Call, opLocation(Call), Name, Device::Cuda,
         "'" + Name + "'" + Direction +
             " is synchronous: the host waits for the copy, which waits for every kernel "
             "queued before it on the default stream");
}

} // namespace hostsync
