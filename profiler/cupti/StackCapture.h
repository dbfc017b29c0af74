// Host call stacks for the sync-relevant CUDA runtime calls, through CUPTI's callback API.
// Every sync call gets a stack, so that every sync is counted at its site, whether or not it
// waited. Unwinding is the costliest thing the tracer does (about 15 us a call in a Python
// program), so it is done once per site: on exit, still inside the call, a Python thread's
// call is keyed by its Python frames (their code objects and offsets, read without unwinding
// or the GIL: PythonFrameReader::stackKey), and only a key not seen before has its stack
// captured (raw return addresses, bounded depth, into a pool allocated up front); a thread
// that runs no Python is keyed by its native call path, told from the return addresses left
// in its stack (unwind/NativePathKey.h), unwound only for a path it has not kept. An
// asynchronous copy (which is a sync only where it waits) is keyed where a key is at hand,
// and otherwise captured only when it lasted the threshold. Each call gets an external correlation
// id pushed on entry (popped on exit); CUPTI's external correlation records tie it to the call's
// activity record, and so the stack to its sync (the callback's correlation id is the fallback). A
// sync in autograd's backward is keyed by its node and the forward op that created it, whose frames
// the stack carries (cupti/TorchLink, where the program's LibTorch allows).
#pragma once

#include "model/TraceModel.h"
#include "python/PythonFrames.h"
#include "unwind/NativePathKey.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>
#include <string>
#include <unordered_map>

namespace hostsync::trace {

struct StackOptions {
  int depth = 48;              // frames per stack; 0 turns capture off
  Ns min_ns = 20000;           // asynchronous copies shorter than this keep no stack (but on a
                               // Python thread, where the key is cheap)
  size_t max_stacks = 1 << 16; // pool size: the memory cap for stacks
  int python_depth = 16;       // Python frames per stack (in a Python process); 0: none
};

class StackCapture {
public:
  static StackCapture &instance();
  // The sizes of what it keeps across takes (HOSTSYNC_FOLD_STATS).
  std::string keptSizes();
  // The LibTorch link's locate (autograd/AutogradLink.h): the calling thread's Python frames.
  static int locate(uint64_t *refs, int max_frames);
  // Prepares the pool (cupti/Callbacks subscribes). Returns "" or why stacks are off.
  std::string start(const StackOptions &options);
  bool running() const { return running_; }
  // Moves the stacks captured since the last take into m.stacks (identical stacks shared,
  // across takes too) and attaches them to the API calls of m with the same correlation id;
  // a stack whose call has not come yet waits for the next takes. Frees the pool's slots:
  // max_stacks bounds the stacks between two takes, not over the run.
  void takeInto(TraceModel &m);

  // Called from the CUPTI callback trampoline; `length` is how long the call has run,
  // async_copy whether it is an asynchronous copy.
  void onEnter();
  void onExit(uint32_t correlation, Ns length, bool async_copy);
  // A query returned: "not ready" starts (or continues) a polling loop on this thread; the
  // answer that ends a loop which lasted the threshold takes the loop's stack.
  void onQueryExit(uint32_t correlation, int result);

private:
  StackCapture() = default;
  struct Forward;
  // forward: the backward node and forward op of the sync, kept with the slot.
  // paths, base: the calling thread's native paths and the probe's frame (onExit's), to
  // remember a native path under a key of its own (key 0 and paths given).
  void capture(uint32_t correlation, uint64_t external, uint64_t key, Forward *forward = nullptr,
               NativePathCache *paths = nullptr, uintptr_t base = 0);
  NativePathCache *threadPaths();
  // A sync in a backward node: keyed by the node and its forward op, captured once per key.
  bool onBackwardSync(uint32_t correlation, uint64_t external);
  static constexpr size_t MaxKeys = 1 << 16;    // beyond: every call is captured
  static constexpr size_t MaxThreadPaths = 256; // threads beyond: unwound at every call
  std::unique_ptr<NativePathCache[]> paths_;
  std::atomic<size_t> nextPaths_{0};
  StackOptions options_;
  std::unique_ptr<uint64_t[]> pcs_; // max_stacks * depth addresses
  std::unique_ptr<uint32_t[]> correlation_;
  std::unique_ptr<uint64_t[]> external_;
  std::atomic<uint64_t> next_external_{1};
  std::unique_ptr<uint16_t[]> depth_;
  std::unique_ptr<uint64_t[]> slotKey_; // the key the slot's stack was captured for, or 0
  // The stack of each key once taken (-1: captured, not taken yet), and the calls since the
  // last take whose key was known: they share its stack.
  std::unordered_map<uint64_t, int32_t> keys_;
  struct Hit {
    uint32_t correlation;
    uint64_t external, key;
  };
  std::vector<Hit> hits_;
  // The backward node and forward op of the slots that hold a backward sync's stack.
  struct Forward {
    size_t slot;
    std::string node, op;
    std::vector<PythonFrameRef> python;
    std::vector<uint64_t> pcs;
  };
  std::vector<Forward> forwards_;
  // The Python frames of each captured stack (python_depth per slot), when CPython is there.
  PythonFrameReader python_;
  std::string pythonNote_;
  std::unique_ptr<PythonFrameRef[]> pyFrames_;
  std::unique_ptr<uint8_t[]> pyDepth_;
  std::mutex slots_; // a capture's slot against a take's reset
  size_t used_ = 0;
  std::atomic<uint64_t> dropped_{0};
  // Across takes: the stacks already in the model, and those whose calls have not come.
  std::map<std::string, int32_t> ids_; // a stack's identity (identityOf) -> its index
  struct Waiting {
    int32_t stack;
    int takes; // how many takes it has waited
  };
  std::unordered_map<uint32_t, Waiting> byCorrelation_;
  std::unordered_map<uint64_t, Waiting> byExternal_;
  bool running_ = false;
};

} // namespace hostsync::trace
