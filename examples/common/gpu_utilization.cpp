#include "gpu_utilization.h"

#include <dlfcn.h>
#include <sys/time.h>

#include <vector>

namespace demo {

// NVML's C ABI, the few entry points used here (nvml.h is not part of every CUDA install;
// these declarations follow it: the types and values are stable across NVML versions).
// In a named namespace, not an unnamed one: GpuUtilization::Nvml holds these types, and
// g++ 13.3 crashes on that (internal compiler error in decl_anon_ns_mem_p) in the demos'
// unity build (seen on the GPU machine, 2026-11-27).
namespace nvml_abi {
struct nvmlDevice_st;
using nvmlReturn_t = int;
using nvmlDevice_t = nvmlDevice_st *;
constexpr int kGpuUtilizationSamples = 1; // NVML_GPU_UTILIZATION_SAMPLES
struct nvmlSample_t {
  unsigned long long timeStamp; // CPU time, microseconds
  union {
    double d;
    unsigned int ui;
    unsigned long ul;
    unsigned long long ull;
    signed long long sll;
  } sampleValue;
};
enum nvmlValueType_t { kDouble = 0, kUInt = 1, kULong = 2, kULongLong = 3, kSLongLong = 4 };

static double value_of(const nvmlSample_t &s, nvmlValueType_t type) {
  switch (type) {
  case kDouble: return s.sampleValue.d;
  case kUInt: return s.sampleValue.ui;
  case kULong: return static_cast<double>(s.sampleValue.ul);
  case kULongLong: return static_cast<double>(s.sampleValue.ull);
  case kSLongLong: return static_cast<double>(s.sampleValue.sll);
  }
  return 0;
}
} // namespace nvml_abi
using namespace nvml_abi;

struct GpuUtilization::Nvml {
  void *lib = nullptr;
  nvmlReturn_t (*init)() = nullptr;
  nvmlReturn_t (*shutdown)() = nullptr;
  nvmlReturn_t (*by_pci)(const char *, nvmlDevice_t *) = nullptr;
  nvmlReturn_t (*samples)(nvmlDevice_t, int, unsigned long long, nvmlValueType_t *,
                          unsigned int *, nvmlSample_t *) = nullptr;
  nvmlDevice_t device = nullptr;
};

GpuUtilization::GpuUtilization(const std::string &pci_bus_id) : nvml_(new Nvml) {
  nvml_->lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!nvml_->lib) {
    why_ = "libnvidia-ml.so.1 cannot be loaded";
    return;
  }
  auto sym = [&](const char *name) { return dlsym(nvml_->lib, name); };
  nvml_->init = reinterpret_cast<decltype(nvml_->init)>(sym("nvmlInit_v2"));
  nvml_->shutdown = reinterpret_cast<decltype(nvml_->shutdown)>(sym("nvmlShutdown"));
  nvml_->by_pci = reinterpret_cast<decltype(nvml_->by_pci)>(sym("nvmlDeviceGetHandleByPciBusId_v2"));
  nvml_->samples = reinterpret_cast<decltype(nvml_->samples)>(sym("nvmlDeviceGetSamples"));
  if (!nvml_->init || !nvml_->shutdown || !nvml_->by_pci || !nvml_->samples)
    why_ = "libnvidia-ml.so.1 lacks nvmlInit_v2, nvmlDeviceGetHandleByPciBusId_v2 or nvmlDeviceGetSamples";
  else if (nvml_->init() != 0)
    why_ = "nvmlInit_v2 failed";
  else if (nvml_->by_pci(pci_bus_id.c_str(), &nvml_->device) != 0)
    why_ = "NVML does not know the GPU at PCI bus id " + pci_bus_id;
}

GpuUtilization::~GpuUtilization() {
  if (nvml_->device)
    nvml_->shutdown();
  if (nvml_->lib)
    dlclose(nvml_->lib);
}

uint64_t GpuUtilization::now_us() {
  timeval tv;
  gettimeofday(&tv, nullptr);
  return static_cast<uint64_t>(tv.tv_sec) * 1000000u + static_cast<uint64_t>(tv.tv_usec);
}

void GpuUtilization::collect(uint64_t from_us, uint64_t to_us, Mean &into) const {
  if (!why_.empty())
    return;
  nvmlValueType_t type = kUInt;
  unsigned int count = 0;
  // First the number of samples NVML holds since `from_us`, then the samples.
  if (nvml_->samples(nvml_->device, kGpuUtilizationSamples, from_us, &type, &count, nullptr) != 0 ||
      count == 0)
    return;
  std::vector<nvmlSample_t> got(count);
  if (nvml_->samples(nvml_->device, kGpuUtilizationSamples, from_us, &type, &count, got.data()) != 0)
    return;
  // A sample covers the period that ends at its time stamp: the first one after `from_us`
  // began before it (in the pause between rounds), so it is left out.
  bool first = true;
  for (unsigned int i = 0; i < count; ++i)
    if (got[i].timeStamp > from_us && got[i].timeStamp <= to_us) {
      if (first) {
        first = false;
        continue;
      }
      into.sum += value_of(got[i], type);
      ++into.samples;
    }
}

} // namespace demo
