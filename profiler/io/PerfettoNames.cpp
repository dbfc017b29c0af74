#include "io/PerfettoNames.h"

namespace hostsync::trace {

std::string hostProcessName(const ProcessInfo &p) {
  return "host (pid " + std::to_string(p.pid) + (p.rank.empty() ? "" : ", rank " + p.rank) + ")";
}

std::string threadTrackName(uint32_t thread) { return "thread " + std::to_string(thread); }
std::string deviceTrackName(uint32_t device) { return "GPU " + std::to_string(device); }
std::string streamTrackName(uint32_t stream) { return "stream " + std::to_string(stream); }

std::string gpuSliceName(const TraceModel &m, const GpuActivity &g) {
  if (g.kind == GpuKind::Kernel)
    return m.name(g.name);
  if (g.kind == GpuKind::Memcpy)
    return std::string("memcpy ") + copyKindName(g.copy) + " (" + memoryKindName(g.src) + " -> " +
           memoryKindName(g.dst) + ")";
  return "memset";
}

const char *gpuCategory(const GpuActivity &g) {
  return g.kind == GpuKind::Kernel ? "kernel" : g.kind == GpuKind::Memcpy ? "memcpy" : "memset";
}

std::string stallSliceName(const Stall &st) {
  return std::string("stall: ") + stallClassName(st.cls);
}

const char *gapSliceName(const IdleGap &g) {
  return g.cause == GapCause::SyncBubble ? "sync bubble"
         : g.cause == GapCause::Overhead ? "tool/driver overhead"
                                         : "launch-bound idle";
}

} // namespace hostsync::trace
