// ActivityConsumer: completed buffers are folded on the consumer's thread, in the order they
// came, each given back to the pool once read; drain() waits for all of them. Synthetic
// buffers stand for CUPTI's (a first byte that says which one, `valid` bytes written).
#include "buffers/ActivityConsumer.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

using namespace hostsync::trace;

namespace {
struct Folded {
  std::vector<int> order;
  std::vector<size_t> sizes;
  std::vector<std::thread::id> threads;
};

uint8_t *filled(BufferPool &pool, int which, size_t valid) {
  uint8_t *b = pool.acquire();
  b[0] = static_cast<uint8_t>(which);
  for (size_t i = 1; i < valid; ++i)
    b[i] = 0x5a;
  return b;
}
} // namespace

TEST(ActivityConsumer, FoldsOnItsOwnThreadInOrderAndReturnsTheBuffers) {
  BufferPool pool(4096, 16);
  Folded f;
  ActivityConsumer consumer(pool, [&](const uint8_t *b, size_t valid) {
    f.order.push_back(b[0]);
    f.sizes.push_back(valid);
    f.threads.push_back(std::this_thread::get_id());
  });
  consumer.start();
  for (int i = 0; i < 10; ++i)
    consumer.submit(filled(pool, i, 100 + i), 100 + i);
  consumer.drain();
  ASSERT_EQ(f.order.size(), 10u);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(f.order[i], i);
    EXPECT_EQ(f.sizes[i], 100u + i);
    EXPECT_NE(f.threads[i], std::this_thread::get_id());
  }
  EXPECT_EQ(consumer.folded(), 10u);
  EXPECT_EQ(pool.stats().in_use, 0u); // every buffer is back, zeroed for CUPTI's next request
}

TEST(ActivityConsumer, WithoutItsThreadFoldsOnTheCaller) {
  BufferPool pool(4096, 2);
  std::thread::id where;
  ActivityConsumer consumer(pool,
                            [&](const uint8_t *, size_t) { where = std::this_thread::get_id(); });
  consumer.submit(filled(pool, 1, 10), 10);
  EXPECT_EQ(where, std::this_thread::get_id());
  EXPECT_EQ(pool.stats().in_use, 0u);
}

TEST(ActivityConsumer, AnEmptyBufferIsGivenBackUnread) {
  BufferPool pool(4096, 2);
  int folds = 0;
  ActivityConsumer consumer(pool, [&](const uint8_t *, size_t) { ++folds; });
  consumer.start();
  consumer.submit(pool.acquire(), 0);
  consumer.drain();
  EXPECT_EQ(folds, 0);
  EXPECT_EQ(pool.stats().in_use, 0u);
}

// A long run: buffers handed over from several threads (CUPTI's per-thread buffers), read
// as they come; the buffers in memory stay as few as were ever held at once.
TEST(ActivityConsumer, ALongRunFromSeveralThreadsKeepsMemoryFlat) {
  BufferPool pool(8192, 64);
  std::atomic<uint64_t> bytes{0};
  ActivityConsumer consumer(pool, [&](const uint8_t *, size_t valid) { bytes += valid; });
  consumer.start();
  std::vector<std::thread> producers;
  std::atomic<int> refused{0};
  for (int t = 0; t < 4; ++t)
    producers.emplace_back([&] {
      for (int i = 0; i < 2000; ++i) {
        uint8_t *b = pool.acquire();
        if (!b) { // all 64 held: CUPTI would drop these records and count them
          ++refused;
          std::this_thread::yield();
          continue;
        }
        b[0] = 1;
        consumer.submit(b, 1000);
      }
    });
  for (auto &p : producers)
    p.join();
  consumer.drain();
  EXPECT_EQ(bytes.load(), (8000u - refused.load()) * 1000u);
  EXPECT_LE(pool.stats().allocated, 64u);
  EXPECT_EQ(pool.stats().in_use, 0u);
}
