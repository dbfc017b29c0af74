// The untraced per-step timing of a LibTorch C++ program, loaded with LD_PRELOAD (a bench tool,
// bench/report-truth; stepclock.py's equivalent for C++): notes the time of every call of
// torch::optim::Optimizer::zero_grad, which a training loop makes once per step. The method is
// not virtual, so the program calls it through its PLT and this library's definition comes
// first; it then calls LibTorch's own. Writes {"steps": N, "step_ms": [...]} (the gaps between
// successive calls) to $STEPCLOCK_OUT at exit.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <vector>

namespace {
std::mutex g_mutex;
// Made by start(), never destroyed: writeOut reads it at exit. (Not a global object: its
// destructor could be registered to run before writeOut.)
std::vector<long long> *g_calls = nullptr;

using ZeroGrad = void (*)(void *, bool);
constexpr const char *ZeroGradName = "_ZN5torch5optim9Optimizer9zero_gradEb";

void writeOut() {
  const char *out = std::getenv("STEPCLOCK_OUT");
  // Every process that starts with the preload comes here, `timeout` and the like too: only
  // one that stepped writes, so that a wrapper's exit does not overwrite the program's file.
  if (!out || g_calls->empty())
    return;
  std::lock_guard<std::mutex> lock(g_mutex);
  FILE *f = std::fopen(out, "w");
  if (!f)
    return;
  std::fprintf(f, "{\"steps\": %zu, \"step_ms\": [", g_calls->size());
  for (size_t i = 1; i < g_calls->size(); ++i)
    std::fprintf(f, "%s%.6f", i > 1 ? ", " : "", ((*g_calls)[i] - (*g_calls)[i - 1]) / 1e6);
  std::fprintf(f, "]}\n");
  std::fclose(f);
}

__attribute__((constructor)) void start() {
  g_calls = new std::vector<long long>();
  std::atexit(writeOut);
}
} // namespace

// torch::optim::Optimizer::zero_grad(bool set_to_none) of LibTorch 2.x.
extern "C" void _ZN5torch5optim9Optimizer9zero_gradEb(void *self, bool setToNone) {
  static auto real = reinterpret_cast<ZeroGrad>(dlsym(RTLD_NEXT, ZeroGradName));
  {
    long long now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now().time_since_epoch())
                        .count();
    std::lock_guard<std::mutex> lock(g_mutex);
    g_calls->push_back(now);
  }
  if (!real) {
    std::fprintf(stderr, "stepclock_preload: %s not found\n", ZeroGradName);
    std::abort();
  }
  real(self, setToNone);
}
