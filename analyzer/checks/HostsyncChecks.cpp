// The registration list: every rule, in alphabetical order of its id. Adding a rule
// touches only this list (plus the rule's own files, catalog entry, doc and test):
// scripts/add-rule writes all of them.
#include "checks/HostsyncChecks.h"

#include "checks/BoolMaskIndexCheck.h"
#include "checks/ClipGradNormCheck.h"
#include "checks/CudaBlockingCopyCheck.h"
#include "checks/CudaImplicitSyncCheck.h"
#include "checks/CudaPageableAsyncCopyCheck.h"
#include "checks/DeviceToHostCopyCheck.h"
#include "checks/EqualCheck.h"
#include "checks/ExplicitSyncCheck.h"
#include "checks/HostToDeviceCopyCheck.h"
#include "checks/ItemCheck.h"
#include "checks/LinalgCheckErrorsCheck.h"
#include "checks/NonzeroCheck.h"
#include "checks/PrintTensorCheck.h"
#include "checks/ScalarTensorIndexCheck.h"
#include "checks/SizeDependentCheck.h"
#include "checks/ThrustHostResultCheck.h"
#include "checks/ThrustSyncPolicyCheck.h"
#include "checks/UniqueCheck.h"

namespace hostsync {

namespace {
template <typename T> std::unique_ptr<RuleCheck> make(const RuleInfo &R, TUContext &TU) {
  return std::make_unique<T>(R, TU);
}
} // namespace

const std::vector<RegisteredRule> &hostsyncChecks() {
  static const std::vector<RegisteredRule> Rules = {
      {"hostsync-bool-mask-index", make<BoolMaskIndexCheck>},
      {"hostsync-clip-grad-norm", make<ClipGradNormCheck>},
      {"hostsync-cuda-blocking-copy", make<CudaBlockingCopyCheck>},
      {"hostsync-cuda-implicit-sync", make<CudaImplicitSyncCheck>},
      {"hostsync-cuda-pageable-async-copy", make<CudaPageableAsyncCopyCheck>},
      {"hostsync-device-to-host-copy", make<DeviceToHostCopyCheck>},
      {"hostsync-equal", make<EqualCheck>},
      {"hostsync-explicit-sync", make<ExplicitSyncCheck>},
      {"hostsync-host-to-device-copy", make<HostToDeviceCopyCheck>},
      {"hostsync-item", make<ItemCheck>},
      {"hostsync-linalg-check-errors", make<LinalgCheckErrorsCheck>},
      {"hostsync-nonzero", make<NonzeroCheck>},
      {"hostsync-print-tensor", make<PrintTensorCheck>},
      {"hostsync-scalar-tensor-index", make<ScalarTensorIndexCheck>},
      {"hostsync-size-dependent", make<SizeDependentCheck>},
      {"hostsync-thrust-host-result", make<ThrustHostResultCheck>},
      {"hostsync-thrust-sync-policy", make<ThrustSyncPolicyCheck>},
      {"hostsync-unique", make<UniqueCheck>},
  };
  return Rules;
}

} // namespace hostsync
