// The GPU's utilization as NVML (and nvidia-smi, and the seeds' "GPU utilization") reports
// it: the share of each sample period (1/6 s to 1 s, the driver's choice) in which a kernel
// was running. No profiler is attached, so nothing slows the host: a measure of how busy
// an untraced program keeps the GPU, for rounds of a few seconds or more. It is coarser
// than a trace's busy time (any kernel running counts as busy, however small).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace demo {

class GpuUtilization {
public:
  // NVML from the driver (libnvidia-ml.so.1, loaded at run time: no build dependency), for
  // the CUDA device with this PCI bus id; unavailable() says why when it cannot be used.
  explicit GpuUtilization(const std::string &pci_bus_id);
  ~GpuUtilization();
  GpuUtilization(const GpuUtilization &) = delete;
  GpuUtilization &operator=(const GpuUtilization &) = delete;
  const std::string &unavailable() const { return why_; }

  static uint64_t now_us(); // NVML's sample clock: wall-clock microseconds

  // The samples of one stretch of time or several (a variant's rounds).
  struct Mean {
    double sum = 0;
    int samples = 0;
    double pct() const { return samples < 3 ? -1 : sum / samples; } // -1: too few samples
  };
  // Adds the samples taken in (from_us, to_us] to `into`, but the first (its period began
  // before from_us).
  void collect(uint64_t from_us, uint64_t to_us, Mean &into) const;

private:
  struct Nvml; // the loaded library's entry points
  std::unique_ptr<Nvml> nvml_;
  std::string why_;
};

} // namespace demo
