// One list of the CUDA calls that synchronize the device as a side effect (issue 35): the
// catalog's "apis" of hostsync-cuda-implicit-sync. The linter's check matches them by name
// (it reads the catalog); the tracer's registry cannot read the catalog inside a traced
// program, so this test holds its table to the catalog, both ways.
#include "model/ApiRegistry.h"
#include "rules/Catalog.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

using hostsync::trace::ApiRole;

namespace {
std::set<std::string> catalogImplicitSyncs() {
  const hostsync::RuleInfo *R = hostsync::Catalog::embedded().find("hostsync-cuda-implicit-sync");
  EXPECT_NE(R, nullptr);
  return R ? std::set<std::string>(R->Apis.begin(), R->Apis.end()) : std::set<std::string>();
}
} // namespace

TEST(SyncApiList, EveryCatalogApiIsAnImplicitSyncInTheTracer) {
  std::set<std::string> apis = catalogImplicitSyncs();
  ASSERT_FALSE(apis.empty());
  for (const std::string &api : apis)
    EXPECT_EQ(hostsync::trace::roleOf(api), ApiRole::ImplicitSync) << api;
}

TEST(SyncApiList, EveryImplicitSyncOfTheTracerIsInTheCatalog) {
  std::set<std::string> apis = catalogImplicitSyncs();
  int implicit = 0;
  for (const std::string &api : hostsync::trace::syncRelevantApis())
    if (hostsync::trace::roleOf(api) == ApiRole::ImplicitSync) {
      ++implicit;
      EXPECT_TRUE(apis.count(api))
          << api << " is an implicit sync to the tracer, not in the catalog";
    }
  EXPECT_EQ(implicit, static_cast<int>(apis.size()));
}

TEST(SyncApiList, TheCatalogListIsTheRulesOpsRuntimeAndFirstStallSignature) {
  const hostsync::RuleInfo *R = hostsync::Catalog::embedded().find("hostsync-cuda-implicit-sync");
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(R->Ops, R->Apis);
  EXPECT_EQ(R->Runtime, R->Apis);
  ASSERT_FALSE(R->Stalls.empty());
  EXPECT_EQ(R->Stalls.front().Apis, R->Apis);
}

TEST(SyncApiList, ARuleNamesApisOrOpsNotBoth) {
  const std::string rule = R"({"id": "hostsync-x", "title": "t", "severity": "note",
    "apis": ["cudaFree"], "ops": ["cudaFree"], "why": "w",
    "fix": {"summary": "s", "before": "b", "after": "a"}, "stalls": [{"classes": ["c"]}]})";
  hostsync::Catalog C;
  std::string error;
  EXPECT_FALSE(hostsync::Catalog::parse(R"({"stall_libraries": [], "unmatched_stall_rule":
    "hostsync-x", "rules": [)" + rule + "]}",
                                        C, error));
  EXPECT_NE(error.find("'apis'"), std::string::npos) << error;
}

// hostsync-explicit-sync's CUDA waits: the catalog's "runtime" of the rule, which its check
// matches by name, are the calls the tracer records as device, stream and event waits.
TEST(SyncApiList, TheExplicitSyncRuntimeIsTheTracersWaits) {
  const hostsync::RuleInfo *R = hostsync::Catalog::embedded().find("hostsync-explicit-sync");
  ASSERT_NE(R, nullptr);
  std::set<std::string> catalog(R->Runtime.begin(), R->Runtime.end()), tracer;
  for (const std::string &api : hostsync::trace::syncRelevantApis()) {
    ApiRole role = hostsync::trace::roleOf(api);
    if (role == ApiRole::DeviceSync || role == ApiRole::StreamSync || role == ApiRole::EventSync)
      tracer.insert(api);
  }
  EXPECT_EQ(catalog, tracer);
  for (const std::string &api : R->Runtime) // the rule's ops name them too
    EXPECT_NE(std::find(R->Ops.begin(), R->Ops.end(), api), R->Ops.end()) << api;
}
