// BufferPool: CUPTI's activity buffers come zero-filled (CUPTI is told they do, and no longer
// zeroes them on the program's threads), are reused once read, and never grow past the cap.
#include "buffers/BufferPool.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

using namespace hostsync::trace;

namespace {
bool allZero(const uint8_t *b, size_t n) {
  return std::all_of(b, b + n, [](uint8_t c) { return c == 0; });
}
} // namespace

TEST(BufferPool, NewBuffersAreZero) {
  BufferPool pool(64 << 10, 4);
  uint8_t *b = pool.acquire();
  ASSERT_NE(b, nullptr);
  EXPECT_TRUE(allZero(b, pool.bufferBytes()));
  pool.release(b, 0);
}

TEST(BufferPool, ABufferComesBackZeroedAndIsReused) {
  BufferPool pool(64 << 10, 4);
  uint8_t *b = pool.acquire();
  std::memset(b, 0xab, 1000); // the records CUPTI wrote
  pool.release(b, 1000);
  uint8_t *again = pool.acquire();
  EXPECT_EQ(again, b);
  EXPECT_TRUE(allZero(again, pool.bufferBytes()));
  EXPECT_EQ(pool.stats().allocated, 1u);
}

TEST(BufferPool, APartRecordPastTheValidBytesIsZeroedToo) {
  BufferPool pool(64 << 10, 1);
  uint8_t *b = pool.acquire();
  std::memset(b, 0xcd, 1200); // 1000 valid bytes, then the start of a record that did not fit
  pool.release(b, 1000);
  EXPECT_TRUE(allZero(pool.acquire(), pool.bufferBytes()));
}

TEST(BufferPool, RefusesPastTheCapAndCountsIt) {
  BufferPool pool(64 << 10, 2);
  uint8_t *a = pool.acquire(), *b = pool.acquire();
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(pool.acquire(), nullptr);
  BufferPool::Stats s = pool.stats();
  EXPECT_EQ(s.allocated, 2u);
  EXPECT_EQ(s.in_use, 2u);
  EXPECT_EQ(s.peak_in_use, 2u);
  EXPECT_EQ(s.refused, 1u);
  pool.release(a, 10);
  EXPECT_NE(pool.acquire(), nullptr); // the returned one, not a third
  EXPECT_EQ(pool.stats().allocated, 2u);
}

// Memory does not grow with the run: a long stream of buffers filled and read one after
// another (CUPTI's worker and the consumer) uses the same few.
TEST(BufferPool, ALongRunReusesTheSameBuffers) {
  BufferPool pool(16 << 10, 8);
  for (int i = 0; i < 1000; ++i) {
    uint8_t *a = pool.acquire(), *b = pool.acquire();
    ASSERT_NE(a, nullptr);
    ASSERT_NE(b, nullptr);
    a[0] = b[0] = 1;
    pool.release(a, 1);
    pool.release(b, 1);
  }
  EXPECT_EQ(pool.stats().allocated, 2u);
  EXPECT_EQ(pool.stats().refused, 0u);
}
