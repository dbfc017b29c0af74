#include "cupti/StackCapture.h"

#include "cupti/Clock.h"
#include "cupti/CuptiCompat.h"
#include "cupti/RuntimeApiName.h"
#include "cupti/TorchLink.h"
#include "model/ApiRegistry.h"
#include "unwind/NativePathKey.h"

#include <algorithm>
#include <map>

namespace hostsync::trace {

namespace {
// When the current thread's first unanswered query of a polling loop returned (0: none).
thread_local Ns t_polling = 0;

// The current thread's native call paths (a slot of the pool, taken at its first sync call;
// null once the pool is spent: that thread unwinds at every call).
thread_local NativePathCache *t_paths = nullptr;
thread_local bool t_pathsTaken = false;

Ns now() { return static_cast<Ns>(traceClockNs()); }

uint64_t fnv(uint64_t hash, const void *data, size_t n) {
  auto *p = static_cast<const unsigned char *>(data);
  for (size_t i = 0; i < n; ++i)
    hash = (hash ^ p[i]) * 1099511628211ull;
  return hash;
}

// Everything that tells two stacks apart, as one string.
std::string identityOf(const Stack &s) {
  std::string id(reinterpret_cast<const char *>(s.pcs.data()), s.pcs.size() * sizeof(uint64_t));
  auto frames = [&](const std::vector<PythonFrame> &python) {
    for (const PythonFrame &f : python)
      id += '\0' + f.file + '\0' + f.function + '\0' + std::to_string(f.line);
  };
  frames(s.python);
  id += '\1' + s.backward_node + '\1' + s.forward_op + '\1';
  frames(s.forward_python);
  id.append(reinterpret_cast<const char *>(s.forward_pcs.data()),
            s.forward_pcs.size() * sizeof(uint64_t));
  return id;
}

} // namespace

StackCapture &StackCapture::instance() {
  static StackCapture *s = new StackCapture(); // never destroyed: used from atexit
  return *s;
}

std::string StackCapture::start(const StackOptions &options) {
  options_ = options;
  options_.depth = std::min(options_.depth, NativeMaxDepth);
  if (options_.depth <= 0 || options_.max_stacks == 0)
    return "stack capture is off";
  // The unwinder is loaded and set up on its first call; do that here, not in a callback.
  NativeWalk warm;
  unwindWithSlots(warm, 4);
  pcs_.reset(new uint64_t[options_.max_stacks * options_.depth]);
  correlation_.reset(new uint32_t[options_.max_stacks]);
  external_.reset(new uint64_t[options_.max_stacks]);
  depth_.reset(new uint16_t[options_.max_stacks]);
  slotKey_.reset(new uint64_t[options_.max_stacks]);
  hits_.reserve(options_.max_stacks);
  paths_.reset(new NativePathCache[MaxThreadPaths]);
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
  if (onBackwardSync(correlation, popped))
    return;
  uint64_t key = python_.active() ? python_.stackKey(options_.python_depth) : 0;
  // A thread that runs no Python: its call path told from the return addresses left in its
  // stack (unwind/NativePathKey.h), from this frame outwards.
  auto base = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  NativePathCache *paths = key ? nullptr : threadPaths();
  if (paths)
    key = paths->find(base);
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
  capture(correlation, popped, key, nullptr, paths, base);
}

NativePathCache *StackCapture::threadPaths() {
  if (!t_pathsTaken) {
    t_pathsTaken = true;
    size_t i = nextPaths_.fetch_add(1, std::memory_order_relaxed);
    t_paths = paths_ && i < MaxThreadPaths ? &paths_[i] : nullptr;
  }
  return t_paths;
}

int StackCapture::locate(uint64_t *refs, int max_frames) {
  return instance().python_.codeRefs(refs, max_frames);
}

bool StackCapture::onBackwardSync(uint32_t correlation, uint64_t external) {
  HostsyncBackwardNode node;
  if (!TorchLink::instance().backwardNode(node))
    return false;
  HostsyncForwardOp op;
  bool found = TorchLink::instance().forwardOf(node, op);
  uint64_t key = fnv(14695981039346656037ull, node.name, std::strlen(node.name));
  if (found) {
    key = fnv(key, op.name, std::strlen(op.name));
    key = fnv(key, op.python_refs, 2 * sizeof(uint64_t) * static_cast<size_t>(op.python));
    key = fnv(key, op.pc, sizeof(uint64_t) * static_cast<size_t>(op.pcs));
  }
  key |= 1;
  {
    std::lock_guard<std::mutex> lock(slots_);
    if (keys_.count(key)) {
      if (hits_.size() < options_.max_stacks)
        hits_.push_back({correlation, external, key});
      return true;
    }
    if (keys_.size() >= MaxKeys)
      key = 0;
    else
      keys_.emplace(key, -1);
  }
  Forward f;
  f.node = node.name;
  if (found) {
    f.op = op.name;
    f.python.resize(HOSTSYNC_FORWARD_PYTHON);
    f.python.resize(
        static_cast<size_t>(python_.resolve(op.python_refs, op.python, f.python.data())));
    f.pcs.assign(op.pc, op.pc + op.pcs);
  }
  capture(correlation, external, key, &f);
  return true;
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

void StackCapture::capture(uint32_t correlation, uint64_t external, uint64_t key, Forward *forward,
                           NativePathCache *paths, uintptr_t base) {
  NativeWalk walk;
  int depth = unwindWithSlots(walk, options_.depth);
  if (depth <= 0)
    return;
  if (paths && !key) {
    // A native path seen for the first time: remembered, so that its next calls are hits.
    key = nativePathKey(walk, base) | (1ull << 63);
    if (paths->remember(base, walk, key)) {
      std::lock_guard<std::mutex> lock(slots_);
      if (keys_.size() < MaxKeys && !keys_.count(key))
        keys_.emplace(key, -1);
      else if (!keys_.count(key))
        key = 0;
    } else {
      key = 0;
    }
  }
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
    into[i] = walk.pcs[i];
  depth_[slot] = static_cast<uint16_t>(depth);
  if (pyDepth_)
    pyDepth_[slot] = static_cast<uint8_t>(
        python_.capture(&pyFrames_[slot * options_.python_depth], options_.python_depth));
  correlation_[slot] = correlation;
  external_[slot] = external;
  slotKey_[slot] = key;
  if (forward) {
    forward->slot = slot;
    forwards_.push_back(std::move(*forward));
  }
}

void StackCapture::takeInto(TraceModel &m) {
  if (!running_)
    return;
  m.python_frames = python_.active() ? python_.version() : pythonNote_;
  {
    // The slots are read and freed under the lock: a thread capturing meanwhile waits. The
    // strings are read under it too: a slot's strings are interned before it is written.
    std::lock_guard<std::mutex> lock(slots_);
    std::vector<std::string> pyStrings = python_.strings();
    std::vector<const Forward *> forwardOf(used_, nullptr);
    for (const Forward &f : forwards_)
      if (f.slot < used_)
        forwardOf[f.slot] = &f;
    auto framesOf = [&](const PythonFrameRef *refs, size_t n) {
      std::vector<PythonFrame> python;
      for (size_t k = 0; k < n; ++k)
        python.push_back({pyStrings[refs[k].file], pyStrings[refs[k].function], refs[k].line});
      return python;
    };
    for (size_t i = 0; i < used_; ++i) {
      const uint64_t *p = &pcs_[i * options_.depth];
      Stack stack;
      stack.pcs.assign(p, p + depth_[i]);
      if (pyDepth_)
        stack.python = framesOf(&pyFrames_[i * options_.python_depth], pyDepth_[i]);
      if (const Forward *f = forwardOf[i]) {
        stack.backward_node = f->node;
        stack.forward_op = f->op;
        stack.forward_python = framesOf(f->python.data(), f->python.size());
        stack.forward_pcs = f->pcs;
      }
      // The same native stack runs many Python lines (the interpreter's frames do not
      // change with them): stacks are shared only when every part is the same.
      auto [it, fresh] = ids_.emplace(identityOf(stack), static_cast<int32_t>(m.stacks.size()));
      if (fresh)
        m.stacks.push_back(std::move(stack));
      byCorrelation_[correlation_[i]] = {it->second, 0};
      if (external_[i])
        byExternal_[external_[i]] = {it->second, 0};
      if (slotKey_[i])
        keys_[slotKey_[i]] = it->second;
    }
    used_ = 0;
    forwards_.clear();
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
