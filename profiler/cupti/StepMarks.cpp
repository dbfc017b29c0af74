#include "cupti/StepMarks.h"

#include <cupti.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

namespace hostsync::trace {

StepMarks &StepMarks::instance() {
  static StepMarks *s = new StepMarks(); // never destroyed: used from atexit
  return *s;
}

std::string StepMarks::start(const std::string &range_name, size_t max_steps) {
  if (range_name.empty() || max_steps == 0)
    return "no step range name";
  // NVTX loads the library NVTX_INJECTION64_PATH names at its first call: CUPTI's, found
  // through a symbol of it, unless the user chose another.
  const char *set = std::getenv("NVTX_INJECTION64_PATH");
  if (!set || !*set) {
    Dl_info info{};
    if (!dladdr(reinterpret_cast<void *>(&cuptiSubscribe), &info) || !info.dli_fname)
      return "cannot locate libcupti for NVTX";
    setenv("NVTX_INJECTION64_PATH", info.dli_fname, 1);
  } else if (!std::strstr(set, "cupti")) {
    return std::string("NVTX_INJECTION64_PATH names another tool (") + set + ")";
  }
  name_ = range_name;
  max_ = max_steps;
  starts_.reset(new Ns[max_steps]);
  running_ = true;
  return "";
}

void StepMarks::onRangeStart(const char *message) {
  if (!running_ || !message || name_ != message)
    return;
  size_t slot = used_.fetch_add(1, std::memory_order_relaxed);
  uint64_t now = 0;
  if (slot < max_ && cuptiGetTimestamp(&now) == CUPTI_SUCCESS) // the records' clock
    starts_[slot] = static_cast<Ns>(now);
}

void StepMarks::attachTo(TraceModel &m) {
  if (!running_)
    return;
  m.step_range = name_;
  size_t n = std::min(used_.load(), max_);
  m.step_starts.assign(starts_.get(), starts_.get() + n);
  std::sort(m.step_starts.begin(), m.step_starts.end()); // several threads may mark steps
}

} // namespace hostsync::trace
