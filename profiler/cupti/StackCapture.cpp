#include "cupti/StackCapture.h"

#include "cupti/RuntimeApiName.h"
#include "model/ApiRegistry.h"

#include <algorithm>
#include <ctime>
#include <execinfo.h>
#include <map>

namespace hostsync::trace {

namespace {
constexpr int MaxDepth = 128;

// When the current thread entered its sync call: the only work done on every call.
thread_local Ns t_entered = 0;

Ns monotonicNow() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<Ns>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

void CUPTIAPI onCallback(void *, CUpti_CallbackDomain domain, CUpti_CallbackId,
                         const void *data) {
  if (domain != CUPTI_CB_DOMAIN_RUNTIME_API)
    return;
  auto *cb = static_cast<const CUpti_CallbackData *>(data);
  if (cb->callbackSite == CUPTI_API_ENTER)
    StackCapture::instance().onEnter();
  else
    StackCapture::instance().onExit(cb->correlationId);
}
} // namespace

StackCapture &StackCapture::instance() {
  static StackCapture *s = new StackCapture(); // never destroyed: used from atexit
  return *s;
}

std::string StackCapture::start(const StackOptions &options) {
  options_ = options;
  options_.depth = std::min(options_.depth, MaxDepth);
  if (options_.depth <= 0 || options_.max_stacks == 0)
    return "stack capture is off";
  // backtrace() loads the unwinder on its first call; do that here, not in a callback.
  void *warm[4];
  backtrace(warm, 4);
  pcs_.reset(new uint64_t[options_.max_stacks * options_.depth]);
  correlation_.reset(new uint32_t[options_.max_stacks]);
  depth_.reset(new uint16_t[options_.max_stacks]);
  CUpti_SubscriberHandle subscriber;
  CUptiResult r = cuptiSubscribe(&subscriber, onCallback, nullptr);
  if (r != CUPTI_SUCCESS)
    return r == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED
               ? "another CUPTI subscriber is active, so no call stacks"
               : "cannot subscribe to CUPTI callbacks, so no call stacks";
  for (uint32_t cbid = 1; cbid < CUPTI_RUNTIME_TRACE_CBID_SIZE; ++cbid) {
    ApiRole role = roleOf(runtimeApiName(cbid));
    if (role != ApiRole::None && role != ApiRole::Query)
      cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RUNTIME_API, cbid);
  }
  running_ = true;
  return "";
}

void StackCapture::onEnter() { t_entered = monotonicNow(); }

// The stack is taken on exit, still inside the call (the same frames as on entry), and only
// when the call was long enough to matter: short calls, most of them, cost a clock read.
void StackCapture::onExit(uint32_t correlation) {
  if (t_entered == 0 || monotonicNow() - t_entered < options_.min_ns)
    return;
  t_entered = 0;
  void *frames[MaxDepth];
  int depth = backtrace(frames, options_.depth);
  if (depth <= 0)
    return;
  size_t slot = used_.fetch_add(1, std::memory_order_relaxed);
  if (slot >= options_.max_stacks) {
    dropped_.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  uint64_t *into = &pcs_[slot * options_.depth];
  for (int i = 0; i < depth; ++i)
    into[i] = reinterpret_cast<uintptr_t>(frames[i]);
  depth_[slot] = static_cast<uint16_t>(depth);
  correlation_[slot] = correlation;
}

void StackCapture::attachTo(TraceModel &m) {
  if (!running_)
    return;
  size_t n = std::min(used_.load(), options_.max_stacks);
  std::map<std::vector<uint64_t>, int32_t> ids;
  std::unordered_map<uint32_t, int32_t> byCorrelation;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t *p = &pcs_[i * options_.depth];
    std::vector<uint64_t> pcs(p, p + depth_[i]);
    auto [it, fresh] = ids.emplace(pcs, static_cast<int32_t>(m.stacks.size()));
    if (fresh)
      m.stacks.push_back({std::move(pcs)});
    byCorrelation[correlation_[i]] = it->second;
  }
  for (ApiCall &a : m.api)
    if (auto it = byCorrelation.find(a.correlation); it != byCorrelation.end())
      a.stack = it->second;
  m.stacks_dropped = dropped_.load();
}

} // namespace hostsync::trace
