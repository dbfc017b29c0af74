#include "checks/ExplicitSyncCheck.h"

#include "match/CudaCalls.h"
#include "match/TensorMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync {

AST_MATCHER(CXXMethodDecl, isOfLibTorchClass) { return isLibTorchDecl(Node.getParent()); }

void ExplicitSyncCheck::registerMatchers(MatchFinder *Finder) {
  // The CUDA runtime and driver API's waits: the catalog's "runtime" of this rule, the list
  // the tracer's registry is held to (tests/unit/report/SyncApiListTest.cpp). Blocking copies
  // are hostsync-cuda-blocking-copy's.
  std::vector<llvm::StringRef> Waits(rule().Runtime.begin(), rule().Runtime.end());
  Finder->addMatcher(matchers::cudaApiCall(Waits).bind("call"), this);
  // LibTorch's wrappers of them.
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName(
                   "::torch::cuda::synchronize", "::c10::cuda::device_synchronize",
                   "::c10::cuda::stream_synchronize", "::at::cuda::stream_synchronize"))))
          .bind("call"),
      this);
  // stream.synchronize(), event.synchronize() on c10/at stream and event classes.
  Finder->addMatcher(
      cxxMemberCallExpr(callee(cxxMethodDecl(hasName("synchronize"), isOfLibTorchClass())))
          .bind("call"),
      this);
}

void ExplicitSyncCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F)
    return;
  std::string Name = F->getQualifiedNameAsString();
  if (const auto *M = dyn_cast<CXXMethodDecl>(F))
    Name = M->getParent()->getName().str() + "::synchronize";
  report(Call, opLocation(Call), Name, Device::Cuda,
         "'" + Name +
             "' blocks the host until the GPU has finished the work queued before "
             "it, then leaves the GPU idle");
}

} // namespace hostsync
