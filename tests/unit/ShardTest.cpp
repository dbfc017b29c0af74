// --shard=i/n (analyzer/ci/Shard.h): the words it takes, and shares that split any list
// of files into disjoint parts, decided by each path alone.
#include "ci/Shard.h"

#include <gtest/gtest.h>

#include <string>

using namespace hostsync;

TEST(Shard, ParsesIOfN) {
  Shard S;
  EXPECT_TRUE(parseShard("2/3", S));
  EXPECT_EQ(S.Index, 2u);
  EXPECT_EQ(S.Count, 3u);
  for (const char *Bad : {"0/3", "4/3", "3", "1/0", "a/b", "1/3x", "", "1/20000", "-1/3"})
    EXPECT_FALSE(parseShard(Bad, S)) << Bad;
}

TEST(Shard, EveryFileIsInExactlyOneShare) {
  unsigned Sizes[4] = {0, 0, 0, 0};
  for (int F = 0; F < 400; ++F) {
    std::string Path = "src/dir" + std::to_string(F % 7) + "/file" + std::to_string(F) + ".cpp";
    unsigned In = 0;
    for (unsigned I = 1; I <= 4; ++I)
      if (inShard(Path, {I, 4})) {
        ++In;
        ++Sizes[I - 1];
      }
    EXPECT_EQ(In, 1u) << Path;
    EXPECT_TRUE(inShard(Path, {1, 1}));
  }
  for (unsigned Size : Sizes) // spread, not all in one share
    EXPECT_GT(Size, 50u);
}
