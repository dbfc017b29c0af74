// The Python stack of the calling thread, read while it is blocked in a CUDA call made by a
// PyTorch op. PyTorch releases the GIL around most ops, so nothing here calls into the
// interpreter in a way that could allocate, take the GIL or run Python: CPython's symbols are
// looked up at run time (no build dependency on Python), the thread's own frame chain is read
// field by field (python/CPythonLayouts.h), and line numbers come from PyCode_Addr2Line,
// which only reads the code object's line table. A process without CPython pays one dlsym.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace hostsync::trace {

struct CPythonLayout;

// One frame as captured: interned file and function, and the line.
struct PythonFrameRef {
  uint32_t file = 0, function = 0;
  int32_t line = 0;
};

class PythonFrameReader {
public:
  // Looks for a CPython runtime in this process. "" when frames can be read, else why not
  // ("no CPython in this process", "CPython 3.9: not supported", "free-threaded build").
  std::string start();
  bool active() const { return layout_ != nullptr; }
  // Up to `max` frames of the calling thread, innermost first; 0 when the thread runs no
  // Python code. Safe without the GIL; takes a mutex only to intern new strings.
  int capture(PythonFrameRef *out, int max);
  // A key of the calling thread's Python stack, cheap enough for every sync call: a hash of
  // up to `max` frames' code objects and instruction offsets, read as capture() reads them
  // (no string, no line table, no lock). 0 when the thread runs no Python code. Two calls
  // from one line of one call path share it; capture() is then needed once per key.
  uint64_t stackKey(int max) const;
  // The calling thread's frames as (code object, byte offset) pairs, at most max frames:
  // what a forward op is remembered by until its backward (autograd/AutogradLink.h).
  int codeRefs(uint64_t *out, int max) const;
  // Frames of such pairs, read while the code objects are alive (a step's forward ran them):
  // as capture() gives them. A pair whose object is no code object is left out.
  int resolve(const uint64_t *refs, int n, PythonFrameRef *out);
  // The interned strings (index 0 is "").
  std::vector<std::string> strings() const;
  // "3.12" when active.
  std::string version() const;

private:
  // Walks the thread's frames, innermost first: visit(code, byte offset) for each frame that
  // runs a code object, until it returns false or max frames were visited. Returns how many.
  template <typename Visit> int walk(int max, Visit visit) const;
  uint32_t intern(const void *unicode);
  const CPythonLayout *layout_ = nullptr;
  void *(*thisThreadState_)() = nullptr;
  int (*isInitialized_)() = nullptr;
  int (*addr2line_)(void *code, int byteOffset) = nullptr;
  const void *codeType_ = nullptr;
  mutable std::mutex mutex_;
  std::vector<std::string> strings_{""};
  std::unordered_map<std::string, uint32_t> ids_;
};

} // namespace hostsync::trace
