#include "buffers/BufferPool.h"

#include <algorithm>
#include <cstring>
#include <sys/mman.h>

namespace hostsync::trace {

BufferPool::BufferPool(size_t buffer_bytes, size_t max_buffers)
    : bytes_(buffer_bytes), max_(max_buffers) {}

BufferPool::~BufferPool() {
  for (uint8_t *b : all_)
    munmap(b, bytes_);
}

uint8_t *BufferPool::acquire() {
  std::lock_guard<std::mutex> lock(mutex_);
  uint8_t *b = nullptr;
  if (!free_.empty()) {
    b = free_.back();
    free_.pop_back();
  } else if (all_.size() < max_) {
    // Anonymous pages read as zero until written: nothing is touched here, on the thread
    // that CUPTI asked from.
    void *m = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
      ++stats_.refused;
      return nullptr;
    }
    b = static_cast<uint8_t *>(m);
    all_.push_back(b);
    ++stats_.allocated;
  } else {
    ++stats_.refused;
    return nullptr;
  }
  ++stats_.in_use;
  stats_.peak_in_use = std::max(stats_.peak_in_use, stats_.in_use);
  return b;
}

void BufferPool::release(uint8_t *buffer, size_t written) {
  if (!buffer)
    return;
  // Outside the lock: zeroing 8 MB takes a fraction of a millisecond, and acquire() runs on
  // the program's threads. One page past the valid records too, in case a record that did
  // not fit was begun there; the untouched rest is still zero.
  std::memset(buffer, 0, std::min(written + 4096, bytes_));
  std::lock_guard<std::mutex> lock(mutex_);
  free_.push_back(buffer);
  if (stats_.in_use)
    --stats_.in_use;
}

BufferPool::Stats BufferPool::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stats_;
}

} // namespace hostsync::trace
