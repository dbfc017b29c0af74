// The library's entry points. Loaded with LD_PRELOAD, a constructor starts tracing when
// the library is loaded; named by CUDA_INJECTION64_PATH, the driver calls
// InitializeInjection at cuInit. Either way tracing starts once, and at exit the records
// are flushed, analysed, and written to $HOSTSYNC_OUT/trace-<pid>[-rank<R>].json.
// Failures never stop the program: one line on stderr, and it runs untraced.
#include "cupti/CuptiCollector.h"
#include "analysis/Window.h"
#include "io/TraceJson.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace hostsync::trace;

namespace {

std::atomic<bool> g_started{false};

long envNumber(const char *name, long fallback) {
  const char *v = std::getenv(name);
  if (!v || !*v)
    return fallback;
  char *end = nullptr;
  long n = std::strtol(v, &end, 10);
  return (end && *end == '\0' && n >= 0) ? n : fallback;
}

std::string commandLine() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (char &c : raw)
    if (c == '\0')
      c = ' ';
  while (!raw.empty() && raw.back() == ' ')
    raw.pop_back();
  return raw;
}

void finishAndWrite() {
  CuptiCollector &c = CuptiCollector::instance();
  if (!c.running())
    return;
  WindowInfo window;
  TraceModel m = restrictToProfilerWindows(c.finish(), window);
  Summary s = summarize(m, envNumber("HOSTSYNC_MIN_STALL_US", 20) * 1000);
  ProcessInfo p;
  p.pid = static_cast<int>(getpid());
  const char *rank = std::getenv("RANK");
  if (!rank)
    rank = std::getenv("LOCAL_RANK");
  p.rank = rank ? rank : "";
  p.command = commandLine();
  const char *dir = std::getenv("HOSTSYNC_OUT");
  std::string out = dir && *dir ? dir : "hostsync-trace-out";
  mkdir(out.c_str(), 0755);
  std::string path = out + "/trace-" + std::to_string(p.pid) +
                     (p.rank.empty() ? "" : "-rank" + p.rank) + ".json";
  p.windows = window.windows;
  if (!writeFileAtomically(path, traceJson(m, s, p))) {
    std::fprintf(stderr, "hostsync-trace: cannot write %s; no trace for pid %d\n",
                 path.c_str(), p.pid);
    return;
  }
  std::fprintf(stderr, "%s  trace: %s\n", textSummary(m, s).c_str(), path.c_str());
}

void start() {
  if (g_started.exchange(true))
    return;
  long mb = envNumber("HOSTSYNC_BUFFER_MB", 8);
  std::string err = CuptiCollector::instance().start(static_cast<size_t>(mb > 0 ? mb : 8) << 20);
  if (!err.empty()) {
    std::fprintf(stderr, "hostsync-trace: %s; the program runs untraced\n", err.c_str());
    return;
  }
  std::atexit(finishAndWrite);
}

} // namespace

__attribute__((constructor)) static void hostsyncOnLoad() {
  // Under CUDA_INJECTION64_PATH the driver calls InitializeInjection at the right time.
  const char *inj = std::getenv("CUDA_INJECTION64_PATH");
  if ((inj && *inj) || std::getenv("HOSTSYNC_DISABLE"))
    return;
  start();
}

extern "C" __attribute__((visibility("default"))) int InitializeInjection() {
  start();
  return 1;
}
