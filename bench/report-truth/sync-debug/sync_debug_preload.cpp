// PyTorch's sync debug mode for a LibTorch C++ program, loaded with LD_PRELOAD (a bench tool,
// bench/report-truth): sets torch.cuda.set_sync_debug_mode("warn")'s C++ equivalent at load,
// and counts each "synchronizing CUDA operation" warning of the program's main thread by the
// program's own line that led to it (the first frame of the stack in the program's executable,
// resolved with addr2line at exit). Writes {"sync_lines": {"file:line": count}} to
// $SYNC_DEBUG_OUT, as stepclock.py --sync-debug does.
// Like Python's sync debug mode, it sees the main thread's syncs only (the warning handler is
// the thread's): autograd's engine threads warn to stderr, uncounted.
#include <c10/cuda/CUDAFunctions.h>
#include <c10/util/Exception.h>
#include <torch/version.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <execinfo.h>
#include <map>
#include <mutex>
#include <string>
#include <unistd.h>
#include <vector>

namespace {
std::mutex g_mutex;
// Each distinct stack of a warning, how often. Made by start() and never destroyed, as
// g_counter: a global map's destructor may be registered after writeOut, and so run before it.
using Stacks = std::map<std::vector<void *>, long>;
Stacks *g_stacks = nullptr;

// LibTorch 2.x hands a handler the warning; 1.x its parts.
#if TORCH_VERSION_MAJOR >= 2
using Handler = c10::WarningHandler;
Handler *currentHandler() { return c10::WarningUtils::get_warning_handler(); }
void setHandler(Handler *h) { c10::WarningUtils::set_warning_handler(h); }
#define HOSTSYNC_WARNING_ARGS const c10::Warning &w
#define HOSTSYNC_WARNING_MSG w.msg()
#define HOSTSYNC_WARNING_FORWARD w
#else
using Handler = c10::WarningHandler;
Handler *currentHandler() { return c10::Warning::get_warning_handler(); }
void setHandler(Handler *h) { c10::Warning::set_warning_handler(h); }
#define HOSTSYNC_WARNING_ARGS const c10::SourceLocation &loc, const std::string &msg, bool verbatim
#define HOSTSYNC_WARNING_MSG msg
#define HOSTSYNC_WARNING_FORWARD loc, msg, verbatim
#endif

struct Counter : Handler {
  Handler *previous = nullptr;
  void process(HOSTSYNC_WARNING_ARGS) override {
    if (std::string(HOSTSYNC_WARNING_MSG).find("synchroniz") == std::string::npos) {
      if (previous)
        previous->process(HOSTSYNC_WARNING_FORWARD);
      return;
    }
    void *pcs[64];
    int n = backtrace(pcs, 64);
    std::lock_guard<std::mutex> lock(g_mutex);
    ++(*g_stacks)[std::vector<void *>(pcs, pcs + n)];
  }
};
// Made by start(), never destroyed: a warning during the program's own teardown may still
// reach it. (Not a global object: its initializer may run after start(), its destructor
// before writeOut.)
Counter *g_counter = nullptr;

std::string realPath(const char *p) {
  char buf[PATH_MAX];
  return realpath(p, buf) ? buf : p;
}

// file:line of each return address in the executable (offsets from its base), by one run of
// addr2line over them all ("" where it has none): one run per address took minutes at exit.
std::map<uintptr_t, std::string> linesOf(const std::string &exe,
                                         const std::vector<uintptr_t> &offsets) {
  std::map<uintptr_t, std::string> lines;
  char list[] = "/tmp/sync_debug_pcs_XXXXXX";
  int fd = mkstemp(list);
  if (fd < 0)
    return lines;
  std::string text;
  for (uintptr_t off : offsets) {
    char hex[32];
    std::snprintf(hex, sizeof hex, "0x%lx\n", static_cast<unsigned long>(off - 1));
    text += hex;
  }
  bool written = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  close(fd);
  FILE *p = written ? popen(("addr2line -e '" + exe + "' < " + list).c_str(), "r") : nullptr;
  char out[4096];
  for (size_t i = 0; p && i < offsets.size() && fgets(out, sizeof out, p); ++i) {
    std::string s = out;
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r'))
      s.pop_back();
    if (size_t d = s.find(" (discriminator"); d != std::string::npos)
      s.erase(d);
    lines[offsets[i]] = s.rfind("??", 0) == 0 ? "" : s;
  }
  if (p)
    pclose(p);
  unlink(list);
  return lines;
}

void writeOut() {
  setHandler(g_counter->previous); // what comes after exit() is not counted
  const char *out = std::getenv("SYNC_DEBUG_OUT");
  // Every process that starts with the preload comes here, `timeout` and the like too: only
  // one that saw a sync writes, so that a wrapper's exit does not overwrite the program's file.
  if (!out || g_stacks->empty())
    return;
  std::string exe = realPath("/proc/self/exe");
  std::lock_guard<std::mutex> lock(g_mutex);
  // Each stack as the offsets of its frames in the executable, innermost first.
  std::map<const std::vector<void *> *, std::vector<uintptr_t>> programFrames;
  std::vector<uintptr_t> all;
  for (const auto &[stack, count] : *g_stacks)
    for (void *pc : stack) {
      Dl_info info;
      if (!dladdr(pc, &info) || !info.dli_fname || realPath(info.dli_fname) != exe)
        continue;
      uintptr_t off =
          reinterpret_cast<uintptr_t>(pc) - reinterpret_cast<uintptr_t>(info.dli_fbase);
      programFrames[&stack].push_back(off);
      all.push_back(off);
    }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  std::map<uintptr_t, std::string> lineAt = linesOf(exe, all);
  std::map<std::string, long> lines;
  for (const auto &[stack, count] : *g_stacks) {
    std::string where = "(no program frame)";
    for (uintptr_t off : programFrames[&stack]) {
      const std::string &line = lineAt[off];
      if (!line.empty() && line.find("/torch/") == std::string::npos) { // not an inlined header
        where = line;
        break;
      }
    }
    lines[where] += count;
  }
  FILE *f = std::fopen(out, "w");
  if (!f)
    return;
  std::fprintf(f, "{\"sync_lines\": {");
  bool first = true;
  for (const auto &[where, count] : lines) {
    std::fprintf(f, "%s\"%s\": %ld", first ? "" : ", ", where.c_str(), count);
    first = false;
  }
  std::fprintf(f, "}}\n");
  std::fclose(f);
}

// The mode lives in an inline function's static, of which this library has its own copy:
// the one LibTorch's syncs read is in libc10_cuda or libtorch_cuda, exported as the function
// (when it is not inlined there) or as its static (a unique symbol). An H200 run found neither
// through libc10_cuda's function alone (2026-11-29): every library is asked for both.
void setSyncDebugMode() {
  using StateOf = c10::cuda::WarningState &(*)();
  int set = 0;
  for (const char *name : {"libc10_cuda.so", "libtorch_cuda.so"}) {
    void *lib = dlopen(name, RTLD_NOW | RTLD_NOLOAD);
    if (!lib)
      continue;
    if (auto fn = reinterpret_cast<StateOf>(dlsym(lib, "_ZN3c104cuda13warning_stateEv"))) {
      fn().set_sync_debug_mode(c10::cuda::SyncDebugMode::L_WARN);
      ++set;
    }
    if (auto *state = static_cast<c10::cuda::WarningState *>(
            dlsym(lib, "_ZZN3c104cuda13warning_stateEvE14warning_state_"))) {
      state->set_sync_debug_mode(c10::cuda::SyncDebugMode::L_WARN);
      ++set;
    }
  }
  c10::cuda::warning_state().set_sync_debug_mode(c10::cuda::SyncDebugMode::L_WARN);
  if (!set && std::getenv("SYNC_DEBUG_OUT")) // said once, by the program (its children have no OUT)
    std::fprintf(stderr, "sync_debug_preload: LibTorch's sync debug state not found; only this "
                         "library's own is set\n");
}

__attribute__((constructor)) void start() {
  g_stacks = new Stacks();
  g_counter = new Counter();
  setSyncDebugMode();
  g_counter->previous = currentHandler();
  setHandler(g_counter);
  std::atexit(writeOut);
}
} // namespace
