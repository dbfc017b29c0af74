#include "checks/CudaImplicitSyncCheck.h"

#include "match/CudaCalls.h"
#include "match/TensorMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

void CudaImplicitSyncCheck::registerMatchers(MatchFinder *Finder) {
  // The catalog's list (its "apis"), the one the tracer's registry is held to: measured on an
  // H100 (tests/gpu/cuda_runtime_syncs.cu), these wait for queued work; cudaMallocHost,
  // cudaHostAlloc and cudaHostRegister do not (they are slow, not syncs).
  std::vector<llvm::StringRef> Names(rule().Apis.begin(), rule().Apis.end());
  Finder->addMatcher(matchers::cudaApiCall(Names).bind("call"), this);
}

void CudaImplicitSyncCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  std::string Name = Call->getDirectCallee()->getName().str();
  report(Call, opLocation(Call), Name, Device::Cuda,
         "'" + Name +
             "' synchronizes the device: the host waits until every kernel and copy "
             "queued on any stream has finished before the memory is released");
}

} // namespace hostsync
