#include "core/Catalog.h"
#include "core/RuleCheck.h"

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
  for (const RegisteredRule &R : registeredRules())
    RegisteredIds.insert(R.Id);
  EXPECT_EQ(CatalogIds, RegisteredIds);
  EXPECT_EQ(CatalogIds.size(), C.rules().size()) << "duplicate ids in the catalog";
}

TEST(Catalog, RegistrationListIsAlphabetical) {
  const auto &Rules = registeredRules();
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

TEST(Catalog, RejectsIdsOutsideTheNamespaceAndBadSeverities) {
  const char *Rule = R"({"rules": [{"id": "%s", "title": "t", "severity": "%s",
      "ops": [], "why": "w", "fix": {"summary": "s", "before": "b", "after": "a"},
      "runtime": []}]})";
  char Buf[512];
  Catalog C;
  std::string Error;
  std::snprintf(Buf, sizeof Buf, Rule, "item", "warning");
  EXPECT_FALSE(Catalog::parse(Buf, C, Error));
  std::snprintf(Buf, sizeof Buf, Rule, "hostsync-item", "fatal");
  EXPECT_FALSE(Catalog::parse(Buf, C, Error));
  std::snprintf(Buf, sizeof Buf, Rule, "hostsync-item", "note");
  EXPECT_TRUE(Catalog::parse(Buf, C, Error)) << Error;
  ASSERT_EQ(C.rules().size(), 1u);
  EXPECT_EQ(C.rules()[0].DefaultSeverity, Severity::Note);
}
