// Stalls: every interval a host thread spent blocked in a sync-relevant CUDA call, with
// what it waited for (the copy or sync record sharing its correlation id).
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
  Ns length() const { return end - start; }
};

// Stalls shorter than min_ns (default 20 us) are ignored: a synchronize on an idle GPU, or
// an asynchronous copy returning at once, costs a few microseconds.
std::vector<Stall> findStalls(const TraceModel &m, Ns min_ns = 20000);

} // namespace hostsync::trace
