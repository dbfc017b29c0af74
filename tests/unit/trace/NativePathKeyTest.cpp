// The native site key (unwind/NativePathKey.h): a call path is told again from the return
// addresses left in its stack slots, and another path, even from the next line of the same
// caller, is never taken for it.
#include "unwind/NativePathKey.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

using namespace hostsync::trace;

namespace {

struct Probe {
  uint64_t key = 0;
  bool cached = false; // told from the cache, with no unwinding
};

// What the tracer's callback does: the cache first, an unwind on a miss.
__attribute__((noinline)) Probe probe(NativePathCache &cache) {
  auto base = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  if (uint64_t key = cache.find(base))
    return {key, true};
  NativeWalk walk;
  unwindWithSlots(walk, 48);
  uint64_t key = nativePathKey(walk, base);
  cache.remember(base, walk, key);
  return {key, false};
}

// Calls that return through their caller's frame (no tail calls), from two lines.
__attribute__((noinline)) Probe fromFirstLine(NativePathCache &cache) {
  Probe p = probe(cache);
  asm volatile("" ::: "memory");
  return p;
}

__attribute__((noinline)) Probe fromSecondLine(NativePathCache &cache) {
  Probe p = probe(cache);
  asm volatile("" ::: "memory");
  return p;
}

// One caller, two call sites with the same callee: the frames inside are the same, only
// the return address into this frame differs.
__attribute__((noinline)) Probe eitherLine(NativePathCache &cache, bool second) {
  Probe p;
  if (second)
    p = fromFirstLine(cache);
  else
    p = fromFirstLine(cache);
  asm volatile("" ::: "memory");
  return p;
}

// Every probe of a test goes through this one call site, in a loop that is not unrolled
// (a volatile bound): a round's calls of one line come down one path.
std::vector<std::vector<Probe>> rounds(NativePathCache &cache, const std::vector<int> &lines,
                                       int times) {
  std::vector<std::vector<Probe>> seen(lines.size());
  volatile int n = times;
  for (int r = 0; r < n; ++r)
    for (size_t i = 0; i < lines.size(); ++i) {
      int line = lines[i];
      Probe p = line == 1   ? fromFirstLine(cache)
                : line == 2 ? fromSecondLine(cache)
                            : eitherLine(cache, line == 4);
      seen[i].push_back(p);
    }
  return seen;
}

} // namespace

TEST(NativePathKey, UnwindTellsEachReturnAddressSlot) {
  NativeWalk walk;
  ASSERT_GT(unwindWithSlots(walk, 48), 3);
#if defined(__x86_64__)
  // Frame 0's slot was in unwindWithSlots' own frame, gone now; the others are live.
  for (int i = 1; i < walk.depth; ++i) {
    ASSERT_NE(walk.slots[i], 0u) << "frame " << i;
    EXPECT_EQ(*reinterpret_cast<const uintptr_t *>(walk.slots[i]), walk.pcs[i]);
    EXPECT_GT(walk.slots[i], walk.slots[i - 1]) << "slots grow outwards";
  }
#endif
}

TEST(NativePathKey, APathIsToldAgainFromItsSlots) {
  NativePathCache cache;
  auto seen = rounds(cache, {1}, 4)[0];
  EXPECT_FALSE(seen[0].cached);
  for (size_t r = 1; r < seen.size(); ++r) {
#if defined(__x86_64__)
    EXPECT_TRUE(seen[r].cached) << "round " << r;
#endif
    EXPECT_EQ(seen[r].key, seen[0].key) << "round " << r;
  }
}

TEST(NativePathKey, AnotherPathIsNeverTakenForARememberedOne) {
  NativePathCache cache;
  auto seen = rounds(cache, {1, 2}, 4); // alternating: each is remembered before the other runs
  EXPECT_FALSE(seen[1][0].cached) << "the second line read as the first";
  EXPECT_NE(seen[0][0].key, seen[1][0].key);
  for (size_t r = 1; r < 4; ++r) {
    EXPECT_EQ(seen[0][r].key, seen[0][0].key);
    EXPECT_EQ(seen[1][r].key, seen[1][0].key);
  }
}

TEST(NativePathKey, TwoLinesOfOneCallerAreTwoPaths) {
  NativePathCache cache;
  auto seen = rounds(cache, {3, 4}, 3);
  EXPECT_FALSE(seen[1][0].cached)
      << "the frames inside match; only the return address into the caller differs";
  EXPECT_NE(seen[0][0].key, seen[1][0].key);
  for (size_t r = 1; r < 3; ++r) {
    EXPECT_EQ(seen[0][r].key, seen[0][0].key);
    EXPECT_EQ(seen[1][r].key, seen[1][0].key);
  }
}

TEST(NativePathKey, MorePathsThanWaysAreStillToldApart) {
  NativePathCache cache; // four lines alternating through four ways, then evicting
  auto seen = rounds(cache, {1, 2, 3, 4, 1, 3}, 3);
  std::set<uint64_t> keys;
  for (size_t i = 0; i < 4; ++i)
    keys.insert(seen[i][0].key);
  EXPECT_EQ(keys.size(), 4u);
  for (size_t r = 0; r < 3; ++r) {
    EXPECT_EQ(seen[4][r].key, seen[0][0].key);
    EXPECT_EQ(seen[5][r].key, seen[2][0].key);
  }
}

TEST(NativePathKey, AWalkWithAnUnknownSlotIsNotRemembered) {
  NativeWalk walk;
  unwindWithSlots(walk, 48);
  uintptr_t base = walk.slots[0] ? walk.slots[0] - 1 : 0;
  walk.slots[walk.depth / 2] = 0;
  NativePathCache cache;
  EXPECT_FALSE(cache.remember(base, walk, 7));
  EXPECT_EQ(cache.find(base), 0u);
}
