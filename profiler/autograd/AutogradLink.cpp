// The LibTorch link (AutogradLink.h): RecordFunction callbacks that tie a sync in autograd's
// backward to the forward op, and so the program's line, that created the node it ran in.
// Built only against a LibTorch (the program's own: RecordFunction's classes are C++, so the
// tracer loads this library only into a process whose libtorch is the one it was built
// against; cupti/TorchLink).
//
// Costs. The backward-node callback runs once per node (a few hundred a step) and copies its
// number and name into the thread's own slot. The forward callback runs for every op once the
// tracer asked for it (a backward sync was seen) and writes one slot of a per-thread ring: the
// number, the op's name and its Python frames' (code, offset) pairs, read by the tracer without
// the GIL; a native stack only for op names watched (a program with no Python).
#include "autograd/AutogradLink.h"

#include <ATen/record_function.h>
#include <torch/version.h>

#include <atomic>
#include <cstring>
#include <execinfo.h>
#include <memory>
#include <mutex>

namespace {

constexpr size_t RingSlots = 1 << 14; // forward ops a thread can have in flight before their
                                      // backward (older ones are overwritten)
struct Slot {
  std::atomic<int64_t> seq{-1}; // -1 while it is written
  const char *name = nullptr;
  int python = 0, pcs = 0;
  uint64_t refs[2 * HOSTSYNC_FORWARD_PYTHON] = {};
  uint64_t pc[HOSTSYNC_FORWARD_PCS] = {};
};
struct Ring {
  uint64_t thread = 0; // RecordFunction's thread id
  Slot slots[RingSlots];
};

constexpr int MaxThreads = 64, MaxWatched = 64;
std::atomic<Ring *> g_rings[MaxThreads] = {};
std::atomic<int> g_ringCount{0};
std::atomic<const char *> g_watched[MaxWatched] = {};
std::atomic<int> g_watchedCount{0};
HostsyncLocate g_locate = nullptr;
std::atomic<bool> g_started{false}, g_recording{false};

// The backward nodes running on this thread (nested when a node's apply runs another).
struct Running {
  int64_t seq;
  uint64_t forward_thread;
  char name[96];
};
constexpr int MaxDepth = 8;
thread_local Running t_nodes[MaxDepth];
thread_local int t_depth = 0;
thread_local Ring *t_ring = nullptr;

Ring *ringOfThisThread(uint64_t thread) {
  if (t_ring)
    return t_ring;
  int at = g_ringCount.fetch_add(1);
  if (at >= MaxThreads)
    return nullptr;
  auto *ring = new Ring(); // never freed: a thread's forward ops are read after it ends
  ring->thread = thread;
  g_rings[at].store(ring, std::memory_order_release);
  return t_ring = ring;
}

bool watched(const char *name) {
  int n = std::min(g_watchedCount.load(std::memory_order_acquire), MaxWatched);
  for (int i = 0; i < n; ++i) {
    const char *w = g_watched[i].load(std::memory_order_acquire);
    if (w && (w == name || std::strcmp(w, name) == 0))
      return true;
  }
  return false;
}

std::unique_ptr<at::ObserverContext> onForward(const at::RecordFunction &fn) {
  int64_t seq = fn.seqNr();
  if (seq < 0) // not an op autograd numbers (no grad, or below autograd)
    return nullptr;
  Ring *ring = ringOfThisThread(fn.threadId());
  if (!ring)
    return nullptr;
  Slot &s = ring->slots[static_cast<size_t>(seq) % RingSlots];
  s.seq.store(-1, std::memory_order_relaxed);
  std::atomic_thread_fence(std::memory_order_release);
  // The last op given a number is the one whose node took it (an op that builds no node
  // leaves the number to the next).
  s.name = fn.name();
  s.python = g_locate ? g_locate(s.refs, HOSTSYNC_FORWARD_PYTHON) : 0;
  s.pcs = s.python == 0 && watched(s.name)
              ? backtrace(reinterpret_cast<void **>(s.pc), HOSTSYNC_FORWARD_PCS)
              : 0;
  s.seq.store(seq, std::memory_order_release);
  return nullptr;
}

std::unique_ptr<at::ObserverContext> onBackwardStart(const at::RecordFunction &fn) {
  if (t_depth < MaxDepth) {
    Running &r = t_nodes[t_depth];
    r.seq = fn.seqNr();
    r.forward_thread = fn.forwardThreadId();
    std::strncpy(r.name, fn.name(), sizeof r.name - 1);
    r.name[sizeof r.name - 1] = '\0';
  }
  ++t_depth;
  return nullptr;
}

void onBackwardEnd(const at::RecordFunction &, at::ObserverContext *) {
  if (t_depth > 0)
    --t_depth;
}

} // namespace

extern "C" {

__attribute__((visibility("default"))) int hostsync_autograd_start(HostsyncLocate locate) {
  if (g_started.exchange(true))
    return 1;
  g_locate = locate;
  at::addGlobalCallback(at::RecordFunctionCallback(onBackwardStart, onBackwardEnd)
                            .scopes({at::RecordScope::BACKWARD_FUNCTION}));
  return 1;
}

__attribute__((visibility("default"))) int
hostsync_autograd_backward_node(struct HostsyncBackwardNode *out) {
  if (t_depth <= 0 || t_depth > MaxDepth)
    return 0;
  const Running &r = t_nodes[t_depth - 1];
  out->seq = r.seq;
  out->forward_thread = r.forward_thread;
  out->name = r.name;
  return 1;
}

__attribute__((visibility("default"))) void hostsync_autograd_record_forward(void) {
  if (g_recording.exchange(true))
    return;
  at::addGlobalCallback(at::RecordFunctionCallback(onForward).scopes({at::RecordScope::FUNCTION}));
}

__attribute__((visibility("default"))) int
hostsync_autograd_forward_of(uint64_t forward_thread, int64_t seq, struct HostsyncForwardOp *out) {
  if (seq < 0)
    return 0;
  int n = std::min(g_ringCount.load(std::memory_order_acquire), MaxThreads);
  for (int i = 0; i < n; ++i) {
    Ring *ring = g_rings[i].load(std::memory_order_acquire);
    if (!ring || ring->thread != forward_thread)
      continue;
    const Slot &s = ring->slots[static_cast<size_t>(seq) % RingSlots];
    if (s.seq.load(std::memory_order_acquire) != seq)
      return 0;
    out->seq = seq;
    out->name = s.name;
    out->python = std::min(s.python, static_cast<int>(HOSTSYNC_FORWARD_PYTHON));
    std::memcpy(out->python_refs, s.refs, sizeof s.refs);
    out->pcs = std::min(s.pcs, static_cast<int>(HOSTSYNC_FORWARD_PCS));
    std::memcpy(out->pc, s.pc, sizeof s.pc);
    // Written again meanwhile (a later op took its slot): not this op's any more.
    return s.seq.load(std::memory_order_acquire) == seq ? 1 : 0;
  }
  return 0;
}

__attribute__((visibility("default"))) void hostsync_autograd_watch(const char *name) {
  static std::mutex adding; // rare: once per op name whose backward synced
  std::lock_guard<std::mutex> lock(adding);
  if (!name || watched(name))
    return;
  int at = g_watchedCount.load();
  if (at >= MaxWatched)
    return;
  g_watched[at].store(name, std::memory_order_release);
  g_watchedCount.store(at + 1, std::memory_order_release);
}

__attribute__((visibility("default"))) const char *hostsync_autograd_torch_version(void) {
  return TORCH_VERSION;
}

__attribute__((visibility("default"))) const char *hostsync_autograd_torch_lib(void) {
  return HOSTSYNC_AUTOGRAD_TORCH_LIB;
}

} // extern "C"
