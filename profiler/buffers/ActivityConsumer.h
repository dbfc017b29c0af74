// Reads CUPTI's completed activity buffers on a thread of the tracer's own, as they arrive,
// and gives each back to the pool once read. CUPTI hands a buffer over (bufferCompleted) on
// its worker thread, or on whichever program thread made it flush: copying 40,000 records
// out of a full 8 MB buffer takes milliseconds, which belong on neither. submit() only
// queues; the consumer folds each buffer (the fold is the caller's: the CUPTI layer copies
// records into the event model) and releases it, so at most the pool's buffers exist.
// Plain C++ with no CUDA: unit-tested with synthetic buffers.
#pragma once

#include "buffers/BufferPool.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace hostsync::trace {

class ActivityConsumer {
public:
  using Fold = std::function<void(const uint8_t *buffer, size_t valid)>;

  ActivityConsumer(BufferPool &pool, Fold fold) : pool_(pool), fold_(std::move(fold)) {}
  // Folds what is queued, then ends the thread (the tracer's own consumer is never
  // destroyed: it ends with the process).
  ~ActivityConsumer();
  ActivityConsumer(const ActivityConsumer &) = delete;
  ActivityConsumer &operator=(const ActivityConsumer &) = delete;

  // Starts the consumer thread. Without it, submit() folds on the caller's thread.
  void start();
  // A completed buffer with `valid` bytes of records: queued, never folded here while the
  // consumer runs.
  void submit(uint8_t *buffer, size_t valid);
  // Returns once every buffer submitted so far has been folded and released (at exit, after
  // CUPTI's forced flush). On the consumer thread itself (a fatal signal raised in a fold)
  // it returns at once rather than wait for itself.
  void drain();
  uint64_t folded() const;

private:
  struct Pending {
    uint8_t *buffer;
    size_t valid;
  };
  void run();
  void foldOne(const Pending &p);

  BufferPool &pool_;
  Fold fold_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::deque<Pending> queue_;
  uint64_t submitted_ = 0, folded_ = 0;
  bool running_ = false, stopping_ = false;
  std::thread thread_;
};

} // namespace hostsync::trace
