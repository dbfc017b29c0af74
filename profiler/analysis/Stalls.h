// Syncs: every call in which a host thread synchronized with the GPU, whether or not it had to
// wait, with what it waited for (the copy or sync record sharing its correlation id). A sync
// that waited at least the threshold is a stall; the others are counted all the same (a sync
// that costs nothing on an idle GPU costs a step's worth on a busy one).
#pragma once

#include "model/TraceModel.h"

#include <vector>

namespace hostsync::trace {

enum class StallClass : uint8_t {
  ExplicitSync,     // device / stream synchronize called by the program
  DeviceToHostCopy, // a copy to the host (item(), .cpu(), a stream sync right after a DtoH copy)
  PageableCopy,     // an "async" copy that blocked: pageable host memory
  HostToDeviceCopy, // a blocking copy to the device
  EventSync,        // waiting on an event (cudaEventSynchronize, or polling cudaEventQuery /
                    // cudaStreamQuery in a loop until the work is done)
  Memset,           // a blocking memset
  ImplicitSync,     // a call that waits for the whole device as a side effect (cudaFree...)
};
const char *stallClassName(StallClass C);
constexpr StallClass AllStallClasses[] = {StallClass::ExplicitSync, StallClass::DeviceToHostCopy,
                                          StallClass::PageableCopy, StallClass::HostToDeviceCopy,
                                          StallClass::EventSync,    StallClass::Memset,
                                          StallClass::ImplicitSync};

struct Stall {
  size_t api_index = 0; // into TraceModel::api
  uint32_t thread = 0;
  Ns start = 0, end = 0;
  StallClass cls = StallClass::ExplicitSync;
  uint64_t bytes = 0; // moved by the copy the call waited for
  Ns queued_ns = 0;   // GPU work still to run when the wait began (launched before it)
  uint32_t site = 0;  // call site (interned), or the API name when no site is known
  // Of the call, copied so that a stall outlives the records it was found in (the run is
  // folded as it goes: analysis/RunFold).
  uint32_t api = 0; // interned API name
  uint32_t correlation = 0;
  int32_t stack = -1;
  bool waited = true; // the host waited at least the threshold (min_ns)
  Ns length() const { return end - start; }
};

// Every sync of the trace, in time order; those that waited less than min_ns (default 20 us)
// are kept with waited = false. What is a sync (docs/trace.md, "What it computes"):
//   - a device, stream or event synchronize, a blocking copy or memset, a call that waits
//     for the whole device (cudaFree...), a polling loop of queries that ended answered;
//   - PyTorch's read-backs (item(), .cpu(), nonzero's count) are a copy to the host and a
//     stream synchronize: one sync, from the first call's start to the last one's end;
//   - an asynchronous copy is a sync only where it cannot go ahead of the GPU: to pageable
//     host memory. An asynchronous copy from pageable memory to the device is staged through
//     the driver's buffers: a stall when that took min_ns, not a sync of the queue. One with
//     pinned host memory never waits for the GPU, however long its call.
std::vector<Stall> findStalls(const TraceModel &m, Ns min_ns = 20000);
// Only those that waited at least min_ns.
std::vector<Stall> waitedOnly(std::vector<Stall> syncs);

} // namespace hostsync::trace
