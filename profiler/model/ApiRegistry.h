// The one table of which CUDA API calls matter to hostsync and how: the host blocks in
// them (a stall), or they launch GPU work. Everything else about an API call is ignored.
#pragma once

#include <cstdint>
#include <string>

namespace hostsync::trace {

enum class ApiRole : uint8_t {
  None,          // not sync-relevant
  DeviceSync,    // cudaDeviceSynchronize, cuCtxSynchronize
  StreamSync,    // cudaStreamSynchronize, cuStreamSynchronize
  EventSync,     // cudaEventSynchronize, cuEventSynchronize
  Memcpy,        // blocking or "async" copies: classified by the copy they caused
  Memset,        // blocking memsets
  Query,         // cudaEventQuery / cudaStreamQuery: a stall only when polled in a loop
};

ApiRole roleOf(const std::string &api);
// Does the call launch GPU work (a kernel, a copy, a memset)?
bool launchesWork(const std::string &api);

} // namespace hostsync::trace
