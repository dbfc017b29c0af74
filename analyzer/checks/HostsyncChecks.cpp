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
#include "rules/RuleIds.h"

namespace hostsync {

namespace {
template <typename T> std::unique_ptr<RuleCheck> make(const RuleInfo &R, TUContext &TU) {
  return std::make_unique<T>(R, TU);
}
} // namespace

const std::vector<RegisteredRule> &hostsyncChecks() {
  static const std::vector<RegisteredRule> Rules = {
      {rule::BoolMaskIndex, make<BoolMaskIndexCheck>},
      {rule::ClipGradNorm, make<ClipGradNormCheck>},
      {rule::CudaBlockingCopy, make<CudaBlockingCopyCheck>},
      {rule::CudaImplicitSync, make<CudaImplicitSyncCheck>},
      {rule::CudaPageableAsyncCopy, make<CudaPageableAsyncCopyCheck>},
      {rule::DeviceToHostCopy, make<DeviceToHostCopyCheck>},
      {rule::Equal, make<EqualCheck>},
      {rule::ExplicitSync, make<ExplicitSyncCheck>},
      {rule::HostToDeviceCopy, make<HostToDeviceCopyCheck>},
      {rule::Item, make<ItemCheck>},
      {rule::LinalgCheckErrors, make<LinalgCheckErrorsCheck>},
      {rule::Nonzero, make<NonzeroCheck>},
      {rule::PrintTensor, make<PrintTensorCheck>},
      {rule::ScalarTensorIndex, make<ScalarTensorIndexCheck>},
      {rule::SizeDependent, make<SizeDependentCheck>},
      {rule::ThrustHostResult, make<ThrustHostResultCheck>},
      {rule::ThrustSyncPolicy, make<ThrustSyncPolicyCheck>},
      {rule::Unique, make<UniqueCheck>},
  };
  return Rules;
}

} // namespace hostsync
