// The thin CUPTI layer: enables the activity kinds hostsync needs, receives CUPTI's
// buffers, and copies each record's fields into the plain event model. Nothing outside
// this file sees a CUPTI type.
#pragma once

#include "model/TraceModel.h"

#include <atomic>
#include <mutex>
#include <string>

struct CUctx_st; // CUcontext, without including CUDA headers here

namespace hostsync::trace {

struct CollectorOptions {
  size_t buffer_bytes = 8 << 20;  // each CUPTI activity buffer
  size_t max_bytes = 1024u << 20; // the records kept in memory; later ones are counted, not kept
  // Comma-separated activity kinds: runtime, kernel, memcpy, memset, sync, overhead,
  // external ("" = all).
  std::string kinds;
  bool all_api = false; // record host-side bookkeeping runtime calls too (HOSTSYNC_ALL_API)
};

class CuptiCollector {
public:
  static CuptiCollector &instance();
  // Enables the activity kinds; returns "" or the reason tracing is off (no driver, no
  // GPU, CUPTI in use by another tool, an unknown kind...). The program runs on either way.
  std::string start(const CollectorOptions &options);
  // Forces CUPTI to hand over every record it holds, then returns the model.
  TraceModel &finish();
  bool running() const { return running_; }

private:
  CuptiCollector() = default;
  static void bufferRequested(uint8_t **buffer, size_t *size, size_t *max_records);
  static void bufferCompleted(CUctx_st *ctx, uint32_t stream, uint8_t *buffer, size_t size,
                              size_t valid);
  void consume(uint8_t *buffer, size_t valid);

  bool overCap() const;

  std::mutex mutex_;
  TraceModel model_;
  CollectorOptions options_;
  std::atomic<uint64_t> buffers_requested_{0}, buffers_completed_{0};
  bool running_ = false;
};

} // namespace hostsync::trace
