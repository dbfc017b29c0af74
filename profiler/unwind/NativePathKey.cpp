#include "unwind/NativePathKey.h"

#include <unwind.h>

namespace hostsync::trace {

namespace {

struct UnwindState {
  NativeWalk *walk;
  int max_depth;
  int seen = 0; // contexts visited: the first is unwindWithSlots itself
};

// The stack word a context's return address was read from. libgcc's CFA of a context is the
// stack pointer just after that return address was popped (its callee's CFA); on x86-64 the
// address is the word below it. Elsewhere the return address need not be on the stack.
uintptr_t slotOf(struct _Unwind_Context *context, uintptr_t ip) {
#if defined(__x86_64__)
  uintptr_t cfa = _Unwind_GetCFA(context);
  if (cfa >= sizeof(uintptr_t) &&
      *reinterpret_cast<const uintptr_t *>(cfa - sizeof(uintptr_t)) == ip)
    return cfa - sizeof(uintptr_t);
#else
  (void)context;
  (void)ip;
#endif
  return 0;
}

_Unwind_Reason_Code onFrame(struct _Unwind_Context *context, void *arg) {
  auto &s = *static_cast<UnwindState *>(arg);
  uintptr_t ip = _Unwind_GetIP(context);
  if (!ip)
    return _URC_END_OF_STACK;
  if (s.seen++ == 0)
    return _URC_NO_REASON;
  if (s.walk->depth >= s.max_depth)
    return _URC_END_OF_STACK;
  int i = s.walk->depth++;
  s.walk->pcs[i] = ip;
  s.walk->slots[i] = slotOf(context, ip);
  return _URC_NO_REASON;
}

uint64_t mix(uint64_t hash, uint64_t v) {
  for (int i = 0; i < 8; ++i, v >>= 8)
    hash = (hash ^ (v & 0xff)) * 1099511628211ull;
  return hash;
}

} // namespace

__attribute__((noinline)) int unwindWithSlots(NativeWalk &walk, int max_depth) {
  walk.depth = 0;
  UnwindState state{&walk, max_depth < NativeMaxDepth ? max_depth : NativeMaxDepth};
  _Unwind_Backtrace(onFrame, &state);
  return walk.depth;
}

uint64_t nativePathKey(const NativeWalk &walk, uintptr_t base) {
  uint64_t hash = mix(14695981039346656037ull, base);
  for (int i = 0; i < walk.depth; ++i)
    if (walk.slots[i] > base)
      hash = mix(hash, walk.pcs[i]);
  return hash | 1;
}

uint64_t NativePathCache::find(uintptr_t base) const {
  for (const Way &w : ways_) {
    if (w.base != base || !w.key)
      continue;
    int i = 0;
    while (i < w.frames && *reinterpret_cast<const volatile uintptr_t *>(w.slots[i]) == w.pcs[i])
      ++i;
    if (i == w.frames)
      return w.key;
  }
  return 0;
}

bool NativePathCache::remember(uintptr_t base, const NativeWalk &walk, uint64_t key) {
  // Every frame's slot must be known: one frame left unchecked would let the frames outside
  // it be read at slots that this path does not write. The frames outside base are the
  // walk's last ones (slots grow outwards).
  int first = walk.depth;
  for (int i = walk.depth - 1; i >= 0; --i) {
    if (walk.slots[i] == 0)
      return false;
    if (walk.slots[i] > base)
      first = i;
  }
  int frames = walk.depth - first;
  if (frames == 0 || frames > MaxFrames)
    return false;
  Way &w = ways_[next_];
  next_ = (next_ + 1) % Ways;
  w.base = base;
  w.key = key;
  w.frames = frames;
  for (int i = 0; i < frames; ++i) {
    w.slots[i] = walk.slots[first + i];
    w.pcs[i] = walk.pcs[first + i];
  }
  return true;
}

} // namespace hostsync::trace
