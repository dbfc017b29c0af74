// The one table of which CUDA API calls matter to hostsync and how: the host blocks in
// them (a stall), or they launch GPU work. Everything else about an API call is ignored.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hostsync::trace {

enum class ApiRole : uint8_t {
  None,         // not sync-relevant
  DeviceSync,   // cudaDeviceSynchronize, cuCtxSynchronize
  StreamSync,   // cudaStreamSynchronize, cuStreamSynchronize
  EventSync,    // cudaEventSynchronize, cuEventSynchronize
  Memcpy,       // blocking or "async" copies: classified by the copy they caused
  Memset,       // blocking memsets
  Query,        // cudaEventQuery / cudaStreamQuery: a stall only when polled in a loop
  ImplicitSync, // cudaFree, cudaFreeHost, cudaHostUnregister...: wait for the whole device
};

ApiRole roleOf(const std::string &api);
// Every API with a role: the calls the tracer takes a stack for and may record as stalls.
std::vector<std::string> syncRelevantApis();
// The runtime's cudaErrorNotReady: what a query returns while the work is still running.
constexpr int32_t CudaErrorNotReady = 600;
// Does the call launch GPU work (a kernel, a copy, a memset)?
bool launchesWork(const std::string &api);
// Does the call only read or set host-side state (cudaGetDevice, cudaGetLastError,
// cudaDeviceGetAttribute, cudaPointerGetAttributes...)? No analysis reads those records,
// and PyTorch makes such calls by the thousand per step: the tracer does not record them.
bool isBookkeeping(const std::string &api);
// Does the call begin (cudaStreamBeginCapture*) or end (cudaStreamEndCapture*) the capture
// of a stream into a CUDA graph? Launches in between run nothing until the graph does.
enum class CaptureMark : uint8_t { None, Begin, End };
CaptureMark captureMarkOf(const std::string &api);
// Does any analysis read this call's record? The sync-relevant calls (stalls), the calls
// that launch work (launch times and threads, launch counts), capture begin/end and
// cudaProfilerStart/Stop (windows). The default recording (--api launches) takes these, and
// only these, through CUPTI callbacks; every other runtime call runs with no tracer code.
bool analysesRead(const std::string &api);

} // namespace hostsync::trace
