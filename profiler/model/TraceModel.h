// The plain event model of a traced process: what the CUPTI layer copies out of CUPTI's
// buffers, and all that the analyses read. Integer nanoseconds on one clock, correlation
// ids, interned names. No CUDA header is needed to build or test anything that uses it.
#pragma once

#include <cstdint>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace hostsync::trace {

using Ns = int64_t;

enum class CopyKind : uint8_t { HtoD, DtoH, DtoD, HtoH, PtoP, Other };
enum class MemoryKind : uint8_t { Pageable, Pinned, Device, Managed, Other };
enum class GpuKind : uint8_t { Kernel, Memcpy, Memset };
enum class SyncType : uint8_t { EventSync, StreamWaitEvent, StreamSync, ContextSync, Other };

const char *copyKindName(CopyKind K);
const char *memoryKindName(MemoryKind K);
const char *syncTypeName(SyncType T);

// A CUDA runtime (or driver) API call on a host thread.
struct ApiCall {
  Ns start = 0, end = 0;
  uint32_t thread = 0;      // system thread id
  uint32_t name = 0;        // interned API name, e.g. "cudaStreamSynchronize"
  uint32_t correlation = 0; // links the call to the GPU work or sync record it caused
  uint32_t site = 0;        // interned call site, 0 when unknown (the API name stands in)
  int32_t stack = -1;       // index into TraceModel::stacks, -1 when none was captured
  int32_t result = 0;       // the call's return code (cudaErrorNotReady = 600 for a query)
  // A copy call timed in a callback: its direction and size, from its arguments, and outside
  // a sampled run's windows (--sample) its host memory, pinned or pageable (MemoryKind::Other:
  // not asked). There no record of the copy's work says them (analysis/Stalls).
  CopyKind copy = CopyKind::Other;
  MemoryKind copy_host = MemoryKind::Other;
  uint64_t copy_bytes = 0;
  // Recorded outside a sampled run's windows: the thread's launches around it are not seen.
  bool launches_unseen = false;
  // Outside those windows, when the call returned to the program: after `end`, by the time
  // the tracer's own exit callback took (a stack taken, the driver asked about pinned
  // memory); 0 when not kept. The program's own time between two calls starts here.
  Ns returned = 0;
};

// An external correlation record: CUPTI tying an API call (by correlation id) to an id some
// layer pushed for the calling thread (hostsync's own kind ties stacks; others are kept for
// the user's join: PyTorch's profiler, a framework's op ids).
struct ExternalLink {
  uint32_t kind = 0; // CUpti_ExternalCorrelationKind
  uint64_t id = 0;
  uint32_t correlation = 0;
};

// Work the GPU executed: a kernel, a copy or a memset, on a device, context and stream.
struct GpuActivity {
  Ns start = 0, end = 0;
  GpuKind kind = GpuKind::Kernel;
  uint32_t device = 0, context = 0, stream = 0;
  uint32_t correlation = 0;
  uint32_t name = 0; // kernel name, or 0
  CopyKind copy = CopyKind::Other;
  MemoryKind src = MemoryKind::Other, dst = MemoryKind::Other;
  uint64_t bytes = 0;
};

// What a synchronizing call waited for (CUPTI's SYNCHRONIZATION records).
struct SyncRecord {
  Ns start = 0, end = 0;
  SyncType type = SyncType::Other;
  uint32_t context = 0, stream = 0;
  uint32_t correlation = 0;
};

// Time the tool or the driver spent on itself (lazy module loading, buffer flushes...).
struct Overhead {
  Ns start = 0, end = 0;
  uint32_t name = 0;
};

// A Python frame of the calling thread, read in the traced process (already resolved).
struct PythonFrame {
  std::string file;     // co_filename as the interpreter has it
  std::string function; // co_qualname (3.11+) or co_name
  int line = 0;
  bool operator<(const PythonFrame &o) const {
    return std::tie(file, line, function) < std::tie(o.file, o.line, o.function);
  }
  bool operator==(const PythonFrame &o) const {
    return line == o.line && file == o.file && function == o.function;
  }
};

// A host call stack captured on entry to a sync-relevant call: raw return addresses,
// innermost first, symbolized offline against the modules below; and, in a Python process,
// the thread's Python frames at that moment, innermost first.
struct Stack {
  std::vector<uint64_t> pcs;
  std::vector<PythonFrame> python;
  // A sync in autograd's backward, tied to the forward op that created the node it ran in
  // (autograd/AutogradLink.h): the node ("IndexBackward0"), the op ("aten::index") and where
  // the op ran, its Python frames or its native stack. Empty for other syncs.
  std::string backward_node, forward_op;
  std::vector<PythonFrame> forward_python;
  std::vector<uint64_t> forward_pcs;
};

// A window in which a sampled run (--sample) recorded the GPU's work: random (the sample every
// estimate rests on: analysis/SampleSchedule) or opened by an expensive sync (event: recorded
// whole for the worst timeline, never part of an estimate). close is 0 while it is open.
struct SampleWindow {
  Ns open = 0, close = 0;
  bool event = false;
};

// A module (executable or shared library) loaded in the traced process.
struct Module {
  std::string path;
  uint64_t base = 0;    // load bias: address - base = address in the ELF file's own terms
  uint64_t size = 0;    // extent of its loaded segments, from base
  std::string build_id; // hex GNU build-id, "" when the module has none
};

struct TraceModel {
  std::vector<ApiCall> api;
  std::vector<Stack> stacks; // distinct stacks, shared by the calls that have them
  std::vector<Module> modules;
  uint64_t stacks_dropped = 0; // sync calls whose stack did not fit under the cap
  std::vector<GpuActivity> gpu;
  std::vector<SyncRecord> syncs;
  std::vector<Overhead> overheads;
  uint64_t dropped_records = 0;  // CUPTI could not store them (buffer full)
  uint64_t invalid_records = 0;  // zero or inverted timestamps: counted, not used
  uint64_t over_cap_records = 0; // arrived after the memory cap was reached: counted, not kept
  uint64_t lost_buffers = 0;     // activity buffers taken over by another CUPTI client
  uint64_t activity_buffers = 0; // CUPTI activity buffers allocated (reused, never freed)
  uint64_t activity_buffers_refused = 0; // requests refused at the buffers' memory cap
  std::string clock = "CLOCK_REALTIME";  // what every *_ns time is read from (CUPTI's default)
  // Which runtime calls `api` holds (--api): "launches" (the sync-relevant calls, launches,
  // capture marks, profiler start/stop), "syncs" (those less the launches), "all".
  std::string api_recording = "all";
  std::vector<ExternalLink> external;
  uint64_t stacks_via_external = 0; // stacks tied to their calls by external correlation
  // Python frames: the CPython version read ("3.12"), or why none were ("no CPython in this
  // process", "CPython 3.14: ..."); "" when stacks were off.
  std::string python_frames;
  // Backward syncs tied to their forward op (cupti/TorchLink): "linked", why not, or "" when
  // the process loaded no LibTorch.
  std::string autograd_link;
  // NVTX step marks: when each range named step_range began (HOSTSYNC_STEP_RANGE).
  std::string step_range;
  std::vector<Ns> step_starts;
  // Sampled mode (--sample): the windows reported since the last fold (open ones again once
  // they close); the fold takes them (analysis/SampledGpu).
  std::vector<SampleWindow> sample_windows;

  uint32_t intern(const std::string &s);
  const std::string &name(uint32_t id) const { return names_[id]; }
  size_t nameCount() const { return names_.size(); }
  // The latest end of an API call or GPU activity held (0: none).
  Ns lastEnd() const;
  // Adds the event if its times are valid; otherwise counts it as invalid.
  template <typename Event> void add(std::vector<Event> &into, const Event &e) {
    if (e.start <= 0 || e.end < e.start) {
      ++invalid_records;
      return;
    }
    into.push_back(e);
  }

private:
  std::vector<std::string> names_{""};
  std::unordered_map<std::string, uint32_t> ids_{{"", 0}};
};

} // namespace hostsync::trace
