// The one sync table (model/SyncTable.h): each row's rule is a catalog rule, each C++ name
// is one row, and the lookups the two front ends make find the rows they should.
#include "model/SyncTable.h"
#include "rules/Catalog.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace hostsync;

TEST(SyncTable, EveryRowsRuleIsACatalogRuleAndEveryCppNameOneRow) {
  std::set<std::string_view> Cpp;
  for (const SyncOpRow &Row : syncOps()) {
    EXPECT_NE(Catalog::embedded().find(std::string(Row.Rule)), nullptr) << Row.Rule;
    EXPECT_TRUE(Cpp.insert(Row.Cpp).second) << Row.Cpp << " has two rows";
    EXPECT_EQ(Row.Python.empty(), Row.Form == SyncPython::None) << Row.Cpp;
    // A condition on the arguments is read on torch's function (where(cond)), never on a
    // method, whose receiver is one of them.
    if (Row.When == SyncWhen::OneArgument)
      EXPECT_EQ(Row.Form, SyncPython::Function) << Row.Cpp;
  }
}

TEST(SyncTable, TheCppChecksMatchTheirRulesRowsAndTheirOutVariants) {
  std::vector<std::string> Nonzero = cppSyncOps("hostsync-nonzero");
  for (const char *Name :
       {"nonzero", "nonzero_out", "argwhere", "where", "where_out", "nonzero_numpy"})
    EXPECT_NE(std::find(Nonzero.begin(), Nonzero.end(), Name), Nonzero.end()) << Name;
  std::vector<std::string> Item = cppSyncOps("hostsync-item");
  EXPECT_EQ(std::find(Item.begin(), Item.end(), "item_out"), Item.end()) << "item has no _out";
  ASSERT_NE(syncOpOfCpp("masked_select_out"), nullptr);
  EXPECT_EQ(syncOpOfCpp("masked_select_out")->Rule, "hostsync-bool-mask-index");
  EXPECT_EQ(syncOpOfCpp("item_out"), nullptr);
  EXPECT_EQ(syncOpOfCpp("_unique2")->Rule, "hostsync-unique");
}

TEST(SyncTable, PythonFindsEachRowByItsOwnSpellingAndForm) {
  // LibTorch's _unique is Python's unique; its _unique2 has no Python spelling.
  using C = PythonCall;
  ASSERT_NE(syncOpOfPython("unique", C::Torch), nullptr);
  EXPECT_EQ(syncOpOfPython("unique", C::Torch)->Cpp, "_unique");
  EXPECT_EQ(syncOpOfPython("_unique2", C::Torch), nullptr);
  // item is a method only; where(cond) is torch's function only; one_hot functional's only.
  EXPECT_NE(syncOpOfPython("item", C::Method), nullptr);
  EXPECT_EQ(syncOpOfPython("item", C::Torch), nullptr);
  EXPECT_NE(syncOpOfPython("where", C::Torch), nullptr);
  EXPECT_EQ(syncOpOfPython("where", C::Method), nullptr);
  EXPECT_NE(syncOpOfPython("one_hot", C::Functional), nullptr);
  EXPECT_EQ(syncOpOfPython("one_hot", C::Torch), nullptr);
  EXPECT_EQ(syncOpOfPython("nonzero", C::Functional), nullptr);
  EXPECT_EQ(syncOpOfPython("is_nonzero", C::Method)->Rule, "hostsync-item");
  EXPECT_EQ(syncOpOfPython("allclose", C::Torch)->Read, SyncRead::Bool);
  EXPECT_EQ(syncOpOfPython("equal", C::Method)->Rule, "hostsync-equal");
  EXPECT_EQ(syncOpOfPython("clone", C::Method), nullptr);
}

TEST(SyncTable, ASizeDependentRowSaysWhatItReadsAndWhenItSyncs) {
  // Both front ends' messages say the row's words; each reads the condition in its syntax.
  for (const SyncOpRow &Row : syncOps())
    if (Row.Rule == "hostsync-size-dependent") {
      EXPECT_FALSE(Row.Reads.empty()) << Row.Cpp;
      EXPECT_FALSE(Row.Advice.empty()) << Row.Cpp;
      EXPECT_EQ(Row.When == SyncWhen::UnlessKeyword, !Row.Keyword.empty()) << Row.Cpp;
    }
  EXPECT_EQ(syncOpOfCpp("histc")->When, SyncWhen::WithoutBounds);
  EXPECT_EQ(syncOpOfCpp("repeat_interleave")->Operand, "repeats");
  EXPECT_EQ(syncOpOfCpp("one_hot")->KeywordPosition, 1);
}
