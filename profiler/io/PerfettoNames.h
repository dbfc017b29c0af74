// The names both Perfetto files give to tracks and slices (io/PerfettoJson.h, the Chrome
// JSON; io/PerfettoTrace.h, the native protobuf trace), so that the two read alike.
#pragma once

#include "analysis/Summary.h"
#include "io/TraceJson.h"

#include <string>

namespace hostsync::trace {

// "host (pid P[, rank R])": the traced process.
std::string hostProcessName(const ProcessInfo &p);
// "thread T", "GPU d", "stream S", "idle gaps": the tracks.
std::string threadTrackName(uint32_t thread);
std::string deviceTrackName(uint32_t device);
std::string streamTrackName(uint32_t stream);
constexpr const char *IdleTrackName = "idle gaps";
// The kernel's name, "memcpy DtoH (device -> pinned)" for a copy, "memset".
std::string gpuSliceName(const TraceModel &m, const GpuActivity &g);
// "kernel", "memcpy" or "memset".
const char *gpuCategory(const GpuActivity &g);
// "stall: <class>".
std::string stallSliceName(const Stall &st);
// "sync bubble", "tool/driver overhead" or "launch-bound idle".
const char *gapSliceName(const IdleGap &g);

} // namespace hostsync::trace
