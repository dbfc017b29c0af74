// The name of a CUDA runtime API callback id without its version suffix
// ("cudaStreamSynchronize_v3020" -> "cudaStreamSynchronize"): the key of ApiRegistry.
#pragma once

#include <cupti.h>

#include <cstring>
#include <string>

namespace hostsync::trace {

inline std::string runtimeApiName(uint32_t cbid) {
  const char *name = nullptr;
  if (cuptiGetCallbackName(CUPTI_CB_DOMAIN_RUNTIME_API, cbid, &name) != CUPTI_SUCCESS || !name)
    return "cudaRuntimeApi#" + std::to_string(cbid);
  std::string s(name);
  size_t v = s.rfind("_v");
  return v != std::string::npos && v + 2 < s.size() &&
                 std::strspn(s.c_str() + v + 2, "0123456789") == s.size() - v - 2
             ? s.substr(0, v)
             : s;
}

} // namespace hostsync::trace
