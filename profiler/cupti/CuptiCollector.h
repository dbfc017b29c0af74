// The thin CUPTI layer: enables the activity kinds hostsync needs, receives CUPTI's
// buffers, and copies each record's fields into the plain event model. Nothing outside
// this file sees a CUPTI type.
#pragma once

#include "model/TraceModel.h"

#include <mutex>
#include <string>

struct CUctx_st; // CUcontext, without including CUDA headers here

namespace hostsync::trace {

class CuptiCollector {
public:
  static CuptiCollector &instance();
  // Enables the activity kinds; returns "" or the reason tracing is off (no driver, no
  // GPU, CUPTI in use by another tool...). The program runs on either way.
  std::string start(size_t buffer_bytes);
  // Forces CUPTI to hand over every record it holds, then returns the model.
  TraceModel &finish();
  bool running() const { return running_; }

private:
  CuptiCollector() = default;
  static void bufferRequested(uint8_t **buffer, size_t *size, size_t *max_records);
  static void bufferCompleted(CUctx_st *ctx, uint32_t stream, uint8_t *buffer, size_t size,
                              size_t valid);
  void consume(uint8_t *buffer, size_t valid);
  std::string apiName(uint32_t cbid);

  std::mutex mutex_;
  TraceModel model_;
  size_t buffer_bytes_ = 8 << 20;
  bool running_ = false;
};

} // namespace hostsync::trace
