// Host call stacks for the sync-relevant CUDA runtime calls, through CUPTI's callback API.
// On exit, still inside the call, a call that lasted at least the threshold (timed by the
// callback, cupti/Callbacks) has its stack captured (raw return addresses, bounded depth) into a
// pool allocated up front: no allocation in the callback, no unwinding for short calls. Each call
// gets an external correlation id pushed on entry (popped on exit); CUPTI's external correlation
// records tie it to the call's activity record, and so the stack to its stall (the callback's
// correlation id is the fallback).
#pragma once

#include "model/TraceModel.h"
#include "python/PythonFrames.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

namespace hostsync::trace {

struct StackOptions {
  int depth = 48;              // frames per stack; 0 turns capture off
  Ns min_ns = 20000;           // calls shorter than this keep no stack
  size_t max_stacks = 1 << 16; // pool size: the memory cap for stacks
  int python_depth = 16;       // Python frames per stack (in a Python process); 0: none
};

class StackCapture {
public:
  static StackCapture &instance();
  // Prepares the pool (cupti/Callbacks subscribes). Returns "" or why stacks are off.
  std::string start(const StackOptions &options);
  bool running() const { return running_; }
  // Attaches the captured stacks to the API calls with the same correlation id, sharing
  // identical stacks, and counts what did not fit.
  void attachTo(TraceModel &m);

  // Called from the CUPTI callback trampoline; `length` is how long the call has run.
  void onEnter();
  void onExit(uint32_t correlation, Ns length);
  // A query returned: "not ready" starts (or continues) a polling loop on this thread; the
  // answer that ends a loop which lasted the threshold takes the loop's stack.
  void onQueryExit(uint32_t correlation, int result);

private:
  StackCapture() = default;
  void capture(uint32_t correlation, uint64_t external);
  StackOptions options_;
  std::unique_ptr<uint64_t[]> pcs_; // max_stacks * depth addresses
  std::unique_ptr<uint32_t[]> correlation_;
  std::unique_ptr<uint64_t[]> external_;
  std::atomic<uint64_t> next_external_{1};
  std::unique_ptr<uint16_t[]> depth_;
  // The Python frames of each captured stack (python_depth per slot), when CPython is there.
  PythonFrameReader python_;
  std::string pythonNote_;
  std::unique_ptr<PythonFrameRef[]> pyFrames_;
  std::unique_ptr<uint8_t[]> pyDepth_;
  std::atomic<size_t> used_{0};
  std::atomic<uint64_t> dropped_{0};
  bool running_ = false;
};

} // namespace hostsync::trace
