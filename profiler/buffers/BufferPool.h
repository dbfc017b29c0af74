// The memory CUPTI writes its activity records into: fixed-size buffers that are handed to
// CUPTI already zero-filled and reused once their records are read, so that
//  - no program thread pays for zeroing one. CUPTI keeps one buffer per thread that makes
//    recorded CUDA calls, and by default zeroes each new buffer itself, on that thread, in
//    the middle of its first recorded call: on an H100, 5.5 ms for an 8 MB buffer (page
//    faults and memset), which delayed every new thread between its first launch and its
//    wait (issue 34; docs/trace.md, "Threads"). The tracer tells CUPTI that buffers come
//    zeroed (CUPTI_ACTIVITY_ATTR_ZEROED_OUT_ACTIVITY_BUFFER): a new buffer is fresh pages
//    from the kernel, zero without being touched, so the faults are spread over the records
//    as they are written; a reused one was zeroed when it came back, off the program's threads.
//  - the memory they hold does not grow with the run: a buffer whose records were read goes
//    back to the pool, and at most max_buffers exist; past that acquire() says no, and CUPTI
//    drops (and counts) the records it had no room for.
// Plain POSIX memory, no CUDA: unit-tested without a GPU.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace hostsync::trace {

class BufferPool {
public:
  struct Stats {
    uint64_t allocated = 0;   // buffers mapped, ever (the pool never unmaps one)
    uint64_t in_use = 0;      // held by CUPTI now
    uint64_t peak_in_use = 0; // the most held at once
    uint64_t refused = 0;     // requests refused at max_buffers
  };

  BufferPool(size_t buffer_bytes, size_t max_buffers);
  ~BufferPool();
  BufferPool(const BufferPool &) = delete;
  BufferPool &operator=(const BufferPool &) = delete;

  // A zero-filled buffer of bufferBytes(): a returned one, else fresh pages; nullptr when
  // max_buffers are in use or the memory cannot be had.
  uint8_t *acquire();
  // Takes back a buffer from acquire(); `written` is how many bytes were written into it
  // (CUPTI's valid size): only those are zeroed again.
  void release(uint8_t *buffer, size_t written);
  size_t bufferBytes() const { return bytes_; }
  Stats stats() const;

private:
  size_t bytes_, max_;
  mutable std::mutex mutex_;
  std::vector<uint8_t *> free_, all_;
  Stats stats_;
};

} // namespace hostsync::trace
