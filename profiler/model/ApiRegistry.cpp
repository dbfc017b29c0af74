#include "model/ApiRegistry.h"

#include <unordered_map>

namespace hostsync::trace {

namespace {
const std::unordered_map<std::string, ApiRole> &table() {
  static const std::unordered_map<std::string, ApiRole> T = {
      {"cudaDeviceSynchronize", ApiRole::DeviceSync},
      {"cuCtxSynchronize", ApiRole::DeviceSync},
      {"cudaStreamSynchronize", ApiRole::StreamSync},
      {"cuStreamSynchronize", ApiRole::StreamSync},
      {"cudaEventSynchronize", ApiRole::EventSync},
      {"cuEventSynchronize", ApiRole::EventSync},
      {"cudaMemcpy", ApiRole::Memcpy},
      {"cudaMemcpyAsync", ApiRole::Memcpy},
      {"cudaMemcpy2D", ApiRole::Memcpy},
      {"cudaMemcpy2DAsync", ApiRole::Memcpy},
      {"cudaMemcpyPeer", ApiRole::Memcpy},
      {"cudaMemcpyFromSymbol", ApiRole::Memcpy},
      {"cudaMemcpyToSymbol", ApiRole::Memcpy},
      {"cuMemcpyDtoH_v2", ApiRole::Memcpy},
      {"cuMemcpyHtoD_v2", ApiRole::Memcpy},
      {"cuMemcpyDtoHAsync_v2", ApiRole::Memcpy},
      {"cuMemcpyHtoDAsync_v2", ApiRole::Memcpy},
      {"cudaMemset", ApiRole::Memset},
      {"cudaEventQuery", ApiRole::Query},
      {"cudaStreamQuery", ApiRole::Query},
      // Measured on the H100 (tests/gpu/cuda_runtime_syncs.cu): each waits for the device
      // to drain, ~20 ms behind a 20 ms kernel. cudaMalloc, cudaMallocHost, cudaHostAlloc
      // and cudaHostRegister do not wait.
      {"cudaFree", ApiRole::ImplicitSync},
      {"cudaFreeHost", ApiRole::ImplicitSync},
      {"cudaHostUnregister", ApiRole::ImplicitSync},
      {"cudaFreeArray", ApiRole::ImplicitSync},
      {"cudaFreeMipmappedArray", ApiRole::ImplicitSync},
      {"cuMemFree_v2", ApiRole::ImplicitSync},
      {"cuMemFreeHost", ApiRole::ImplicitSync},
      {"cuMemHostUnregister", ApiRole::ImplicitSync},
  };
  return T;
}
} // namespace

ApiRole roleOf(const std::string &api) {
  auto it = table().find(api);
  return it == table().end() ? ApiRole::None : it->second;
}

std::vector<std::string> syncRelevantApis() {
  std::vector<std::string> out;
  for (const auto &[api, role] : table())
    out.push_back(api);
  return out;
}

bool launchesWork(const std::string &api) {
  return api.rfind("cudaLaunch", 0) == 0 || api.rfind("cuLaunch", 0) == 0 ||
         roleOf(api) == ApiRole::Memcpy || api.rfind("cudaMemset", 0) == 0 ||
         api.rfind("cudaGraphLaunch", 0) == 0;
}

CaptureMark captureMarkOf(const std::string &api) {
  if (api.rfind("cudaStreamBeginCapture", 0) == 0)
    return CaptureMark::Begin;
  if (api.rfind("cudaStreamEndCapture", 0) == 0)
    return CaptureMark::End;
  return CaptureMark::None;
}

bool analysesRead(const std::string &api) {
  return roleOf(api) != ApiRole::None || launchesWork(api) ||
         captureMarkOf(api) != CaptureMark::None || api == "cudaProfilerStart" ||
         api == "cudaProfilerStop";
}

bool isBookkeeping(const std::string &api) {
  static const char *const prefixes[] = {"cudaGetDevice",
                                         "cudaSetDevice",
                                         "cudaGetLastError",
                                         "cudaPeekAtLastError",
                                         "cudaGetErrorString",
                                         "cudaGetErrorName",
                                         "cudaDeviceGetAttribute",
                                         "cudaDeviceGetLimit",
                                         "cudaDeviceGetStreamPriorityRange",
                                         "cudaDeviceCanAccessPeer",
                                         "cudaFuncGetAttributes",
                                         "cudaFuncSetAttribute",
                                         "cudaPointerGetAttributes",
                                         "cudaOccupancy",
                                         "cudaDriverGetVersion",
                                         "cudaRuntimeGetVersion",
                                         "cudaGetDeviceProperties",
                                         "cudaGetDeviceCount",
                                         "cudaStreamGetPriority",
                                         "cudaStreamGetFlags",
                                         "cudaStreamGetCaptureInfo",
                                         "cudaStreamIsCapturing",
                                         "cudaGetDriverEntryPoint",
                                         "cudaGetFuncBySymbol",
                                         "cudaGetSymbolAddress",
                                         "cudaThreadExchangeStreamCaptureMode"};
  for (const char *p : prefixes)
    if (api.rfind(p, 0) == 0)
      return true;
  return false;
}

} // namespace hostsync::trace
