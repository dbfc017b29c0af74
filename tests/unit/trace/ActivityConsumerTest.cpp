// ActivityConsumer: completed buffers are folded on the consumer's thread, in the order they
// came, each given back to the pool once read; drain() waits for all of them. Synthetic
// buffers stand for CUPTI's (a first byte that says which one, `valid` bytes written).
#include "buffers/ActivityConsumer.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>
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
// as they come. Memory must not grow with the run: the consumer gives each buffer back as
// soon as it is folded. The producers keep at most max_unread buffers unread (they wait for
// the consumer), and the pool's cap is far out of reach, so only the consumer's releases
// keep the pool small: after a short run and after one 40 times longer, at most
// max_unread + 1 buffers were ever mapped (the one more: folded, not yet given back). A
// consumer that held its buffers until drain() would map one per buffer handed over.
TEST(ActivityConsumer, ALongRunFromSeveralThreadsKeepsMemoryFlat) {
  const int threads = 4;
  const uint64_t max_unread = 8;
  BufferPool pool(8192, 1 << 20); // mapped as asked for: the cap bounds nothing here
  std::mutex m;
  std::condition_variable read;
  uint64_t unread = 0, bytes = 0;
  ActivityConsumer consumer(pool, [&](const uint8_t *, size_t valid) {
    std::lock_guard<std::mutex> lock(m);
    --unread;
    bytes += valid;
    read.notify_all();
  });
  consumer.start();
  auto run = [&](int per_thread) {
    std::vector<std::thread> producers;
    for (int t = 0; t < threads; ++t)
      producers.emplace_back([&] {
        for (int i = 0; i < per_thread; ++i) {
          {
            std::unique_lock<std::mutex> lock(m);
            read.wait(lock, [&] { return unread < max_unread; });
            ++unread;
          }
          uint8_t *b = pool.acquire();
          if (!b) { // out of memory: fail, and leave the other producers nothing to wait for
            ADD_FAILURE() << "the pool refused a buffer";
            std::lock_guard<std::mutex> lock(m);
            --unread;
            read.notify_all();
            return;
          }
          b[0] = 1;
          consumer.submit(b, 1000);
        }
      });
    for (auto &p : producers)
      p.join();
    consumer.drain();
  };
  run(50);
  uint64_t after_short = pool.stats().allocated;
  run(2000);
  uint64_t after_long = pool.stats().allocated;
  EXPECT_LE(after_short, max_unread + 1);
  EXPECT_LE(after_long, max_unread + 1)
      << "after " << threads * 2050 << " buffers, " << after_short << " after " << threads * 50;
  EXPECT_EQ(bytes, threads * 2050u * 1000u);
  EXPECT_EQ(pool.stats().refused, 0u);
  EXPECT_EQ(pool.stats().in_use, 0u);
}
