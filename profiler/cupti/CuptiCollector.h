// The thin CUPTI layer: enables the activity kinds hostsync needs, receives CUPTI's
// buffers, and copies each record's fields into the plain event model. Nothing outside
// this file sees a CUPTI type.
#pragma once

#include "buffers/ActivityConsumer.h"
#include "buffers/BufferPool.h"
#include "model/TraceModel.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

struct CUctx_st; // CUcontext, without including CUDA headers here

namespace hostsync::trace {

// Which runtime API calls are recorded, and how (--api, HOSTSYNC_API). The analyses read
// only the calls ApiRegistry's analysesRead() names; see docs/trace.md for the costs.
enum class ApiRecording : uint8_t {
  Launches, // default: those calls, timed in callbacks enabled on their ids alone
  Syncs,    // only the sync-relevant ones: cheapest; launches are known by their GPU work
  All,      // every runtime call, from CUPTI's runtime activity records (the former default)
  None,     // no API calls at all: measures what the activity kinds alone cost (no stalls)
};

struct CollectorOptions {
  size_t buffer_bytes = 8 << 20;  // each CUPTI activity buffer
  size_t max_bytes = 1024u << 20; // the records kept in memory; later ones are counted, not kept
  size_t max_buffer_bytes = 1024u << 20; // CUPTI's activity buffers, all together
  // Comma-separated activity kinds: runtime, kernel, memcpy, memset, sync, overhead,
  // external ("" = those the recording needs: see defaultKinds).
  std::string kinds;
  ApiRecording api = ApiRecording::Launches;
  bool cupti_clock = false; // leave CUPTI its own clock (HOSTSYNC_CLOCK=cupti: measuring only)
  bool all_api = false;     // record host-side bookkeeping runtime calls too (HOSTSYNC_ALL_API)
  // The folds' flushes with CUPTI_ACTIVITY_FLAG_FLUSH_FORCED (HOSTSYNC_FLUSH_FORCED=1). Off
  // by default: a forced flush while kernels run hands over their records unfinished
  // (counted invalid, lost) and CUPTI never reuses the 3.2 MB timestamp buffer they were in,
  // ~1-1.6 MB/s of heap on word_language_model (issue 34). CUPTI's default flush hands over
  // only buffers whose records are all complete. The last flush, at exit, is always forced,
  // and so are the folds' under --api all (and its fallback, enableRuntimeRecords): runtime
  // records wait in each calling thread's buffer until a forced flush, and a thread making
  // few calls (autograd's) would hand its calls over only at exit, behind the folds' cut.
  bool periodic_flush_forced = false;
  // Sampled mode (--sample): kernel, memset and memcpy records only inside windows
  // (setWindowKinds); outside, a copy's call says what its record would (cupti/Callbacks).
  bool sampled = false;
};

class CuptiCollector {
public:
  static CuptiCollector &instance();
  // Enables the activity kinds; returns "" or the reason tracing is off (no driver, no
  // GPU, CUPTI in use by another tool, an unknown kind...). The program runs on either way.
  std::string start(const CollectorOptions &options);
  // The fallback when the callbacks that time the API calls cannot be had (another CUPTI
  // subscriber came first): the runtime activity records, as with ApiRecording::All.
  std::string enableRuntimeRecords();
  // Sampled mode: turns the kinds recorded only inside windows on or off.
  void setWindowKinds(bool on);
  // Sampled mode's windows record less than the GPU's work (--activities left out kernel,
  // memcpy or memset): its estimates are not the GPU's, launches go without records.
  bool partialWindows() const { return options_.sampled && windowKinds_.size() < 3; }
  // Forces CUPTI to hand over every record it holds and waits until they are read (a
  // periodic flush: as periodic_flush_forced says).
  void flush(bool last = false);
  // Moves the records read since the last take into `into` (names interned there) with the
  // counters of what was dropped: the run is folded as it goes (analysis/RunFold).
  void takeRecords(TraceModel &into);
  // The last flush: after it no record comes. The buffers' counts go into `into`.
  void finish(TraceModel &into);
  bool running() const { return running_; }
  // The names its staging model holds (HOSTSYNC_FOLD_STATS).
  size_t stagingNames() {
    std::lock_guard<std::mutex> lock(mutex_);
    return model_.nameCount();
  }

private:
  CuptiCollector() = default;
  static void bufferRequested(uint8_t **buffer, size_t *size, size_t *max_records);
  static void bufferCompleted(CUctx_st *ctx, uint32_t stream, uint8_t *buffer, size_t size,
                              size_t valid);
  void consume(const uint8_t *buffer, size_t valid);

  bool overCap() const;
  std::string enable(const std::vector<int> &kinds);

  std::mutex mutex_;
  TraceModel model_;
  std::vector<uint32_t> nameIn_; // model_'s name id -> the id in the model records go to
  std::unique_ptr<BufferPool> pool_;
  std::unique_ptr<ActivityConsumer> consumer_; // reads completed buffers off CUPTI's thread
  CollectorOptions options_;
  std::vector<int> windowKinds_; // sampled mode: the kinds each window turns on and off
  std::atomic<uint64_t> buffers_requested_{0}, buffers_completed_{0};
  bool running_ = false;
};

} // namespace hostsync::trace
