#include "cupti/StackCapture.h"

#include "cupti/Clock.h"
#include "cupti/CuptiCompat.h"
#include "cupti/RuntimeApiName.h"
#include "model/ApiRegistry.h"

#include <algorithm>
#include <execinfo.h>
#include <map>

namespace hostsync::trace {

namespace {
constexpr int MaxDepth = 128;

// When the current thread's first unanswered query of a polling loop returned (0: none).
thread_local Ns t_polling = 0;

Ns now() { return static_cast<Ns>(traceClockNs()); }

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
  external_.reset(new uint64_t[options_.max_stacks]);
  depth_.reset(new uint16_t[options_.max_stacks]);
  slotKey_.reset(new uint64_t[options_.max_stacks]);
  hits_.reserve(options_.max_stacks);
  // A Python process also gets each stack's Python frames; any other pays this one lookup.
  options_.python_depth = std::clamp(options_.python_depth, 0, 255);
  pythonNote_ = options_.python_depth ? python_.start() : "off (HOSTSYNC_PYTHON_DEPTH=0)";
  if (python_.active()) {
    pyFrames_.reset(new PythonFrameRef[options_.max_stacks * options_.python_depth]);
    pyDepth_.reset(new uint8_t[options_.max_stacks]);
  }
  running_ = true;
  return "";
}

// The external correlation id pushed here is in CUPTI's record of this call.
void StackCapture::onEnter() {
  cuptiActivityPushExternalCorrelationId(cupti_compat::HostsyncExternalKind,
                                         next_external_.fetch_add(1, std::memory_order_relaxed));
}

// The stack is taken on exit, still inside the call (the same frames as on entry), once per
// key (see the header).
void StackCapture::onExit(uint32_t correlation, Ns length, bool async_copy) {
  uint64_t popped = 0;
  cuptiActivityPopExternalCorrelationId(cupti_compat::HostsyncExternalKind, &popped);
  uint64_t key = python_.active() ? python_.stackKey(options_.python_depth) : 0;
  if (!key && async_copy && length < options_.min_ns)
    return;
  if (key) {
    std::lock_guard<std::mutex> lock(slots_);
    if (keys_.count(key)) {
      if (hits_.size() < options_.max_stacks)
        hits_.push_back({correlation, popped, key});
      else
        dropped_.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    if (keys_.size() < MaxKeys)
      keys_.emplace(key, -1); // its stack is captured below
    else
      key = 0;
  }
  capture(correlation, popped, key);
}

void StackCapture::onQueryExit(uint32_t correlation, int result) {
  if (result == CudaErrorNotReady) {
    if (t_polling == 0)
      t_polling = now();
    return;
  }
  Ns since = t_polling;
  t_polling = 0;
  if (since && now() - since >= options_.min_ns)
    capture(correlation, 0, 0); // tied by the callback's correlation id: no id was pushed
}

void StackCapture::capture(uint32_t correlation, uint64_t external, uint64_t key) {
  void *frames[MaxDepth];
  int depth = backtrace(frames, options_.depth);
  if (depth <= 0)
    return;
  std::lock_guard<std::mutex> lock(slots_); // a long call's exit only: no contention to speak of
  size_t slot = used_;
  if (slot >= options_.max_stacks) {
    dropped_.fetch_add(1, std::memory_order_relaxed);
    if (key)
      keys_.erase(key); // captured at its next call
    return;
  }
  ++used_;
  uint64_t *into = &pcs_[slot * options_.depth];
  for (int i = 0; i < depth; ++i)
    into[i] = reinterpret_cast<uintptr_t>(frames[i]);
  depth_[slot] = static_cast<uint16_t>(depth);
  if (pyDepth_)
    pyDepth_[slot] = static_cast<uint8_t>(
        python_.capture(&pyFrames_[slot * options_.python_depth], options_.python_depth));
  correlation_[slot] = correlation;
  external_[slot] = external;
  slotKey_[slot] = key;
}

void StackCapture::takeInto(TraceModel &m) {
  if (!running_)
    return;
  m.python_frames = python_.active() ? python_.version() : pythonNote_;
  std::vector<std::string> pyStrings = python_.strings();
  {
    // The slots are read and freed under the lock: a thread capturing meanwhile waits.
    std::lock_guard<std::mutex> lock(slots_);
    for (size_t i = 0; i < used_; ++i) {
      const uint64_t *p = &pcs_[i * options_.depth];
      std::vector<uint64_t> pcs(p, p + depth_[i]);
      std::vector<PythonFrame> python;
      for (int k = 0; pyDepth_ && k < pyDepth_[i]; ++k) {
        const PythonFrameRef &f = pyFrames_[i * options_.python_depth + k];
        python.push_back({pyStrings[f.file], pyStrings[f.function], f.line});
      }
      // The same native stack runs many Python lines (the interpreter's frames do not
      // change with them): stacks are shared only when both parts are the same.
      auto [it, fresh] =
          ids_.emplace(std::make_pair(pcs, python), static_cast<int32_t>(m.stacks.size()));
      if (fresh)
        m.stacks.push_back({std::move(pcs), std::move(python)});
      byCorrelation_[correlation_[i]] = {it->second, 0};
      if (external_[i])
        byExternal_[external_[i]] = {it->second, 0};
      if (slotKey_[i])
        keys_[slotKey_[i]] = it->second;
    }
    used_ = 0;
    // The calls whose key was known share its stack.
    for (const Hit &h : hits_) {
      auto k = keys_.find(h.key);
      if (k == keys_.end() || k->second < 0)
        continue; // its stack was not captured (the pool was full): the call has none
      byCorrelation_[h.correlation] = {k->second, 0};
      if (h.external)
        byExternal_[h.external] = {k->second, 0};
    }
    hits_.clear();
  }
  // The external correlation records CUPTI wrote for our kind tie a call to the id pushed
  // on its entry; the callback's own correlation id is the fallback (records lost, or the
  // external kind disabled with --activities).
  std::unordered_map<uint32_t, uint64_t> externalOf;
  for (const ExternalLink &l : m.external)
    if (l.kind == static_cast<uint32_t>(cupti_compat::HostsyncExternalKind))
      externalOf[l.correlation] = l.id;
  for (ApiCall &a : m.api) {
    if (a.stack >= 0)
      continue;
    if (auto e = externalOf.find(a.correlation); e != externalOf.end())
      if (auto it = byExternal_.find(e->second); it != byExternal_.end()) {
        a.stack = it->second.stack;
        ++m.stacks_via_external;
        byExternal_.erase(it);
        byCorrelation_.erase(a.correlation);
        continue;
      }
    if (auto it = byCorrelation_.find(a.correlation); it != byCorrelation_.end()) {
      a.stack = it->second.stack;
      byCorrelation_.erase(it);
    }
  }
  // A stack whose call has not come in three takes never will (its record was lost).
  auto age = [](auto &waiting) {
    for (auto it = waiting.begin(); it != waiting.end();)
      it = ++it->second.takes > 3 ? waiting.erase(it) : std::next(it);
  };
  age(byCorrelation_);
  age(byExternal_);
  m.stacks_dropped = dropped_.load();
}

std::string StackCapture::keptSizes() {
  std::lock_guard<std::mutex> lock(slots_);
  return "stacks " + std::to_string(ids_.size()) + ", keys " + std::to_string(keys_.size()) +
         ", waiting " + std::to_string(byCorrelation_.size() + byExternal_.size());
}

} // namespace hostsync::trace
