// Steps, as the program marks them with NVTX: each push or start of a range with the chosen
// name (torch.cuda.nvtx.range_push("step"), nvtxRangePushA("step") in C++) is the start of
// a step. The times go to a pool allocated up front; the window (skip the first N steps)
// is cut at exit, like --skip-seconds. NVTX reaches CUPTI only when NVTX_INJECTION64_PATH
// names libcupti, which the library sets when steps are asked for.
#pragma once

#include "model/TraceModel.h"

#include <atomic>
#include <memory>
#include <string>

namespace hostsync::trace {

class StepMarks {
public:
  static StepMarks &instance();
  // Prepares the pool and points NVTX at CUPTI; "" or why steps cannot be seen.
  std::string start(const std::string &range_name, size_t max_steps);
  bool running() const { return running_; }
  // From the NVTX callback: a range named `message` begins.
  void onRangeStart(const char *message);
  void attachTo(TraceModel &m);

private:
  StepMarks() = default;
  std::string name_;
  std::unique_ptr<Ns[]> starts_;
  size_t max_ = 0;
  std::atomic<size_t> used_{0};
  bool running_ = false;
};

} // namespace hostsync::trace
