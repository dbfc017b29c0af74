// A site key for a thread that runs no Python, cheap enough to take at every sync call.
//
// Unwinding a native stack costs microseconds a call (a CFI lookup per frame). A call path's
// return addresses, though, lie in the thread's stack at addresses that one unwind can tell
// (x86-64: each frame's return address is the word just below its caller's CFA). A thread
// keeps its last few paths as (stack pointer at the probe, each frame's return-address slot
// and value). A call from the same path reads the same values in the same slots: comparing
// a few dozen words identifies it, with no unwinding. A call from another path fails the
// comparison: from the probe outwards each frame writes its own return address into the slot
// where its callee's frame ends, so the first frame whose caller differs holds another value
// in the slot that was remembered (stale words left by an earlier call are overwritten by
// this call's own frames). Nothing here needs CUDA: the tracer's callbacks use it, and CI
// tests it on the CPU.
#pragma once

#include <cstddef>
#include <cstdint>

namespace hostsync::trace {

constexpr int NativeMaxDepth = 128;

// One unwind of the calling thread: frame 0 is the return address into unwindWithSlots'
// caller (as backtrace() gives it), and for each frame the stack address its return address
// was read from (0 where that cannot be told: not x86-64, or a frame with no plain call).
struct NativeWalk {
  int depth = 0;
  uint64_t pcs[NativeMaxDepth];
  uintptr_t slots[NativeMaxDepth];
};

// Fills walk with at most max_depth frames; returns walk.depth.
int unwindWithSlots(NativeWalk &walk, int max_depth);

// The key of a walk's frames outside `base` (the probing function's frame address): a hash
// of their return addresses and of base, never 0.
uint64_t nativePathKey(const NativeWalk &walk, uintptr_t base);

// One thread's recent call paths. Used by its own thread only: its slots are that thread's
// stack, mapped for as long as the thread lives.
class NativePathCache {
public:
  static constexpr int Ways = 4;
  static constexpr int MaxFrames = 64;
  // The key remembered for the path that reached the probe at `base`, if every remembered
  // return address is still in its slot; 0 otherwise.
  uint64_t find(uintptr_t base) const;
  // Remembers the walk's frames outside base under key, over the oldest way. Refuses (false)
  // a walk whose slots cannot all be told, or that has more frames than MaxFrames outside
  // base: such a path is unwound at every call.
  bool remember(uintptr_t base, const NativeWalk &walk, uint64_t key);

private:
  struct Way {
    uintptr_t base = 0;
    uint64_t key = 0;
    int frames = 0;
    uintptr_t slots[MaxFrames];
    uint64_t pcs[MaxFrames];
  };
  Way ways_[Ways];
  int next_ = 0;
};

} // namespace hostsync::trace
