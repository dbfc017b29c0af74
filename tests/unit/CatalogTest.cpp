#include "rules/Catalog.h"
#include "checks/HostsyncChecks.h"

#include <gtest/gtest.h>

#include <set>

using namespace hostsync;

TEST(Catalog, EmbeddedCatalogParsesAndHasEveryRegisteredRule) {
  const Catalog &C = Catalog::embedded();
  std::set<std::string> CatalogIds, RegisteredIds;
  for (const RuleInfo &R : C.rules()) {
    CatalogIds.insert(R.Id);
    EXPECT_FALSE(R.Title.empty()) << R.Id;
    EXPECT_FALSE(R.Why.empty()) << R.Id;
    EXPECT_FALSE(R.FixBefore.empty()) << R.Id;
    EXPECT_FALSE(R.FixAfter.empty()) << R.Id;
    EXPECT_FALSE(R.Runtime.empty()) << R.Id;
  }
  for (const RegisteredRule &R : hostsyncChecks())
    RegisteredIds.insert(R.Id);
  EXPECT_EQ(CatalogIds, RegisteredIds);
  EXPECT_EQ(CatalogIds.size(), C.rules().size()) << "duplicate ids in the catalog";
}

TEST(Catalog, RegistrationListIsAlphabetical) {
  const auto &Rules = hostsyncChecks();
  for (size_t I = 1; I < Rules.size(); ++I)
    EXPECT_LT(std::string(Rules[I - 1].Id), std::string(Rules[I].Id));
}

TEST(Catalog, RejectsMalformedJson) {
  Catalog C;
  std::string Error;
  EXPECT_FALSE(Catalog::parse("{not json", C, Error));
  EXPECT_FALSE(Error.empty());
  EXPECT_FALSE(Catalog::parse(R"({"rules": [{"id": "hostsync-x"}]})", C, Error));
  EXPECT_NE(Error.find("hostsync-x"), std::string::npos);
}

namespace {
// A catalog of one rule; Stalls is its "stalls" list.
std::string oneRule(const std::string &Id, const std::string &Severity,
                    const std::string &Stalls = R"([{"classes": ["explicit_sync"]}])") {
  return R"({"stall_libraries": ["at::"], "unmatched_stall_rule": ")" + Id +
         R"(", "rules": [{"id": ")" + Id + R"(", "title": "t", "severity": ")" + Severity +
         R"(", "ops": [], "why": "w", "fix": {"summary": "s", "before": "b", "after": "a"},
         "runtime": [], "stalls": )" +
         Stalls + "}]}";
}
} // namespace

TEST(Catalog, RejectsIdsOutsideTheNamespaceAndBadSeverities) {
  Catalog C;
  std::string Error;
  EXPECT_FALSE(Catalog::parse(oneRule("item", "warning"), C, Error));
  EXPECT_FALSE(Catalog::parse(oneRule("hostsync-item", "fatal"), C, Error));
  EXPECT_TRUE(Catalog::parse(oneRule("hostsync-item", "note"), C, Error)) << Error;
  ASSERT_EQ(C.rules().size(), 1u);
  EXPECT_EQ(C.rules()[0].DefaultSeverity, Severity::Note);
}

TEST(Catalog, StallSignaturesAreCheckedWhole) {
  Catalog C;
  std::string Error;
  auto Parses = [&](const std::string &Stalls) {
    return Catalog::parse(oneRule("hostsync-item", "warning", Stalls), C, Error);
  };
  EXPECT_TRUE(Parses(R"([{"functions": ["::item"]}, {"apis": ["cudaFree"]}])")) << Error;
  EXPECT_EQ(C.rules()[0].Stalls.size(), 2u);
  EXPECT_TRUE(Parses(R"([{"none": "looks like another rule's"}])")) << Error;
  EXPECT_EQ(C.rules()[0].NoStalls, "looks like another rule's");
  EXPECT_FALSE(Parses("[]"));
  EXPECT_FALSE(Parses(R"([{"function": ["typo"]}])"));
  EXPECT_NE(Error.find("'function'"), std::string::npos) << Error;
  EXPECT_FALSE(Parses(R"([{"functions": ["a"], "apis": ["b"]}])"));
  EXPECT_FALSE(Parses(R"([{"none": "why"}, {"apis": ["b"]}])"));
  EXPECT_FALSE(Parses(R"([{"outside_libraries": true}])"));
  EXPECT_TRUE(Parses(R"([{"aten": ["aten::item"]}, {"functions": ["::item"]}])")) << Error;
  EXPECT_EQ(C.rules()[0].Stalls[0].AtenOps, std::vector<std::string>{"aten::item"});
  EXPECT_FALSE(Parses(R"([{"aten": ["aten::item"], "functions": ["::item"]}])"));
  // The fallback rule must be one of the catalog's.
  std::string Other = oneRule("hostsync-item", "warning");
  const std::string From = R"("unmatched_stall_rule": "hostsync-item")";
  Other.replace(Other.find(From), From.size(), R"("unmatched_stall_rule": "hostsync-gone")");
  EXPECT_FALSE(Catalog::parse(Other, C, Error));
  EXPECT_NE(Error.find("hostsync-gone"), std::string::npos) << Error;
}

TEST(Catalog, PythonFixesAreOptionalAndWhole) {
  const Catalog &C = Catalog::embedded();
  const RuleInfo *Item = C.find("hostsync-item");
  ASSERT_NE(Item, nullptr);
  EXPECT_NE(Item->PyFixAfter.find(".item()"), std::string::npos) << Item->PyFixAfter;
  // CUDA-only rules keep their C++ fix alone.
  const RuleInfo *Thrust = C.find("hostsync-thrust-sync-policy");
  ASSERT_NE(Thrust, nullptr);
  EXPECT_TRUE(Thrust->PyFixSummary.empty());
  for (const RuleInfo &R : C.rules())
    EXPECT_EQ(R.PyFixSummary.empty(), R.PyFixAfter.empty()) << R.Id;
}
