// The table of library functions that receive a module, callable or tensor
// (analyzer/match/LibraryCalls.h), read row by row.
#include "match/LibraryCalls.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

using namespace hostsync;

TEST(LibraryCalls, EveryRowIsNamedOnceForItsUseAndFoundByName) {
  std::set<std::pair<std::string, int>> Seen;
  for (const LibraryCall &R : libraryCalls()) {
    EXPECT_FALSE(R.Name.empty());
    EXPECT_TRUE(Seen.insert({R.Name.str(), static_cast<int>(R.Use)}).second)
        << R.Name.str() << " twice for one use";
    EXPECT_TRUE(libraryCallIs(R.Name, R.Use)) << R.Name.str();
  }
}

TEST(LibraryCalls, AUseIsOnlyWhatItsRowsSay) {
  // std::forward holds a module; a module's forward is called by LibTorch's templates.
  EXPECT_TRUE(libraryCallIs("forward", LibraryUse::Holds));
  EXPECT_TRUE(libraryCallIs("forward", LibraryUse::CalledByLibrary));
  // std::thread may call what it holds; it is not a holder that never calls.
  EXPECT_TRUE(libraryCallIs("thread", LibraryUse::MayCall));
  EXPECT_FALSE(libraryCallIs("thread", LibraryUse::Holds));
  // Registering a module and registering a tensor are apart.
  EXPECT_TRUE(libraryCallIs("register_module", LibraryUse::RegistersModule));
  EXPECT_FALSE(libraryCallIs("register_module", LibraryUse::RegistersTensor));
  EXPECT_TRUE(libraryCallIs("register_buffer", LibraryUse::RegistersTensor));
  EXPECT_TRUE(libraryCallIs("value", LibraryUse::ReadsElement));
  EXPECT_FALSE(libraryCallIs("push_back", LibraryUse::ReadsElement));
  EXPECT_FALSE(libraryCallIs("", LibraryUse::Holds));
}

TEST(LibraryCalls, ContainerAndTensorMethodsAreRowsOfTheirOwn) {
  // A container's data() both reads an element and hands out its storage; a tensor's
  // data() hands its memory to a kernel. begin() gives an iterator that hands storage out.
  EXPECT_TRUE(libraryCallIs("data", LibraryUse::ReadsElement));
  EXPECT_TRUE(libraryCallIs("data", LibraryUse::HandsOutStorage));
  EXPECT_TRUE(libraryCallIs("data", LibraryUse::GivesDeviceData));
  EXPECT_TRUE(libraryCallIs("begin", LibraryUse::GivesIterator));
  EXPECT_TRUE(libraryCallIs("begin", LibraryUse::HandsOutStorage));
  // push_back adds one element; insert may put any of its arguments in.
  EXPECT_TRUE(libraryCallIs("push_back", LibraryUse::AddsElement));
  EXPECT_FALSE(libraryCallIs("push_back", LibraryUse::PutsElements));
  EXPECT_TRUE(libraryCallIs("insert", LibraryUse::PutsElements));
  // value() reads an optional's element but is no reference into a container.
  EXPECT_FALSE(libraryCallIs("value", LibraryUse::RefersToElement));
  EXPECT_TRUE(libraryCallIs("packed_accessor32", LibraryUse::GivesDeviceData));
  EXPECT_FALSE(libraryCallIs("item", LibraryUse::GivesDeviceData));
}
