// Which CUDA runtime calls block the host while the GPU is busy: the ground truth the lint
// rules rely on. Each case: a ~20 ms spin kernel on the (legacy) default stream, the call made
// at once and timed on the host, then cudaDeviceSynchronize (untimed). A call "blocks" when it
// took >= 50% of the spin, is "async" when < 10% (check_cuda_runtime_syncs.py judges that).
// Every call is first made once with the GPU idle (timed as idle_ms, not part of the verdict):
// it warms up lazy module loading and staging buffers, and tells a call that is merely slow
// (pinning 64 MiB) from one that waits for the GPU. Between the spin's launch and the call
// there is only a cudaEventRecord (the event cudaEventSynchronize waits on).
// Quotes are from the CUDA Runtime API reference, section "API synchronization behavior"
// (docs.nvidia.com/cuda/cuda-runtime-api/api-sync-behavior.html).
// usage: cuda_runtime_syncs RESULT.json    (-DWITH_THRUST adds the Thrust cases)
#include "gpu_check.cuh"

#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>
#ifdef WITH_THRUST
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/transform.h>
#endif

using Fn = std::function<cudaError_t()>;
struct Case {
  const char *name, *expect; // expect: "blocks", "async" or "record" (no claim, just measure)
  Fn call, setup = nullptr, teardown = nullptr; // setup and teardown are not timed
  double idle_ms = 0, host_ms = 0;
  bool busy_after = false; // the spin was still running when the call returned
};

// setup, sync, [spin], time the call, sync, teardown.
static cudaError_t measure(Case &c, long long cycles, cudaEvent_t after_spin, bool busy) {
  cudaError_t e;
  if (c.setup && (e = c.setup()) != cudaSuccess)
    return e;
  if ((e = cudaDeviceSynchronize()) != cudaSuccess)
    return e;
  if (busy)
    spin<<<1, 1>>>(cycles);
  if ((e = cudaEventRecord(after_spin, 0)) != cudaSuccess)
    return e;
  auto t0 = std::chrono::steady_clock::now();
  e = c.call();
  std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - t0;
  (busy ? c.host_ms : c.idle_ms) = ms.count();
  // Proof that a quick call did not wait: the GPU was still busy when it returned.
  if (busy)
    c.busy_after = cudaEventQuery(after_spin) == cudaErrorNotReady;
  if (e != cudaSuccess || (e = cudaDeviceSynchronize()) != cudaSuccess)
    return e;
  if ((e = cudaGetLastError()) != cudaSuccess)
    return e; // the spin's launch
  return c.teardown ? c.teardown() : cudaSuccess;
}

int main(int argc, char **argv) {
  const char *out = argc > 1 ? argv[1] : "cuda_runtime_syncs.json";
  const double target_ms = 20;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  int khz = 0; // only the first guess of the calibration
  if (cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0) != cudaSuccess || khz <= 0)
    khz = 1500000;
  cudaEvent_t e0, e1, after_spin;
  CHECK(cudaEventCreate(&e0));
  CHECK(cudaEventCreate(&e1));
  CHECK(cudaEventCreate(&after_spin));
  spin<<<1, 1>>>(khz); // warm-up: module loading
  CHECK(cudaDeviceSynchronize());
  // Calibrate clock64() cycles to milliseconds; the 2nd pass runs at the clocks the 1st raised.
  long long cycles = static_cast<long long>(target_ms * khz);
  float spin_ms = 0;
  for (int pass = 0; pass < 3; ++pass) {
    CHECK(cudaEventRecord(e0, 0));
    spin<<<1, 1>>>(cycles);
    CHECK(cudaEventRecord(e1, 0));
    CHECK(cudaEventSynchronize(e1));
    CHECK(cudaEventElapsedTime(&spin_ms, e0, e1));
    if (pass < 2)
      cycles = static_cast<long long>(cycles * (target_ms / spin_ms));
  }

  const size_t n = 4u << 20, big = 64u << 20, small = 4u << 10; // copies: n bytes
  char *dev = nullptr, *dev2 = nullptr, *pinned = nullptr;
  CHECK(cudaMalloc(&dev, n));
  CHECK(cudaMalloc(&dev2, n));
  CHECK(cudaMallocHost(&pinned, n));
  std::vector<char> pageable(n, 1), to_register(big, 1);
  char *pg = pageable.data(), *reg = to_register.data();
  void *p = nullptr; // what a setup allocates for the call, or the call for the teardown
  const auto H2D = cudaMemcpyHostToDevice, D2H = cudaMemcpyDeviceToHost;
  std::vector<Case> cases = {
      // Memcpy (synchronous): "For transfers from device to either pageable or pinned host
      // memory, the function returns only once the copy has completed."
      {"cudaMemcpy DtoH pageable", "blocks", [&] { return cudaMemcpy(pg, dev, n, D2H); }},
      // "For transfers from pageable host memory to device memory, a stream sync is performed
      // before the copy is initiated."
      {"cudaMemcpy HtoD pageable", "blocks", [&] { return cudaMemcpy(dev, pg, n, H2D); }},
      // "For transfers from device memory to device memory, no host-side synchronization is
      // performed."
      {"cudaMemcpy DtoD", "async",
       [&] { return cudaMemcpy(dev2, dev, n, cudaMemcpyDeviceToDevice); }},
      // Memset: "asynchronous with respect to the host except when the target is pinned host
      // memory or a Unified Memory region".
      {"cudaMemset device", "async", [&] { return cudaMemset(dev, 0, n); }},
      // Memcpy (asynchronous): "For transfers between device memory and pageable host memory,
      // the function might be synchronous with respect to host." DtoH into pageable memory
      // must wait: the data is only in the vector once the copy has run.
      {"cudaMemcpyAsync DtoH pageable", "blocks",
       [&] { return cudaMemcpyAsync(pg, dev, n, D2H, 0); }},
      // "If pageable memory must first be staged to pinned memory, the driver may synchronize
      // with the stream and stage the copy into pinned memory." ("may": a small one recorded)
      {"cudaMemcpyAsync HtoD pageable", "blocks",
       [&] { return cudaMemcpyAsync(dev, pg, n, H2D, 0); }},
      {"cudaMemcpyAsync HtoD pageable 4 KiB", "record",
       [&] { return cudaMemcpyAsync(dev, pg, small, H2D, 0); }},
      // "For all other transfers, the function should be fully asynchronous."
      {"cudaMemcpyAsync DtoH pinned", "async",
       [&] { return cudaMemcpyAsync(pinned, dev, n, D2H, 0); }},
      // Not in that section. cudaFree waiting for the device is what cudaFreeAsync (the
      // stream-ordered allocator) exists to avoid.
      {"cudaFree", "blocks", [&] { return cudaFree(p); }, [&] { return cudaMalloc(&p, big); }},
      // The programming guide's "implicit synchronization" by a device memory allocation is
      // about two streams' kernels not overlapping, not about the host waiting.
      {"cudaMalloc 64 MiB", "async", [&] { return cudaMalloc(&p, big); }, nullptr,
       [&] { return cudaFree(p); }},
      {"cudaMallocHost 64 MiB", "record", [&] { return cudaMallocHost(&p, big); }, nullptr,
       [&] { return cudaFreeHost(p); }},
      {"cudaFreeHost 64 MiB", "record", [&] { return cudaFreeHost(p); },
       [&] { return cudaMallocHost(&p, big); }},
      {"cudaHostRegister 64 MiB", "record", [&] { return cudaHostRegister(reg, big, 0); }, nullptr,
       [&] { return cudaHostUnregister(reg); }},
      {"cudaHostUnregister 64 MiB", "record", [&] { return cudaHostUnregister(reg); },
       [&] { return cudaHostRegister(reg, big, 0); }},
      // The explicit waits.
      {"cudaStreamSynchronize(0)", "blocks", [&] { return cudaStreamSynchronize(0); }},
      {"cudaDeviceSynchronize", "blocks", [&] { return cudaDeviceSynchronize(); }},
      {"cudaEventSynchronize", "blocks", [&] { return cudaEventSynchronize(after_spin); }},
  };
#ifdef WITH_THRUST
  // Thrust runs on the legacy default stream, behind the spin. reduce and count return a value
  // to the host (and cudaMalloc/cudaFree their temporary storage); dv[0] and a copy to a host
  // iterator are device-to-host copies.
  thrust::device_vector<float> dv(1 << 20, 1.0f);
  std::vector<float> hv(dv.size());
  volatile float sink = 0;
  auto thrust_case = [&](const char *name, const char *expect, std::function<void()> f) {
    cases.push_back({name, expect, [f] {
                       f();
                       return cudaSuccess;
                     }});
  };
  thrust_case("thrust::reduce", "blocks", [&] { sink = thrust::reduce(dv.begin(), dv.end()); });
  thrust_case("thrust::count", "blocks", [&] { sink = thrust::count(dv.begin(), dv.end(), 1.0f); });
  thrust_case("device_vector element read dv[0]", "blocks", [&] {
    float x = dv[0];
    sink = x;
  });
  thrust_case("thrust::copy device_vector to std::vector", "blocks",
              [&] { thrust::copy(dv.begin(), dv.end(), hv.begin()); });
  // hostsync-thrust-sync-policy: results that stay on the device. Thrust's default policy
  // (and thrust::device, thrust::cuda::par) synchronizes at the end of each algorithm;
  // par_nosync (Thrust >= 1.16) lets it return at once where it can.
  thrust::device_vector<float> result(dv.size());
  auto twice = [] __device__(float x) { return 2 * x; };
  thrust_case("thrust::transform default policy", "blocks",
              [&] { thrust::transform(dv.begin(), dv.end(), result.begin(), twice); });
  thrust_case("thrust::fill default policy", "blocks",
              [&] { thrust::fill(result.begin(), result.end(), 0.f); });
  thrust_case("thrust::sort thrust::device", "blocks",
              [&] { thrust::sort(thrust::device, result.begin(), result.end()); });
  thrust_case("thrust::transform par_nosync", "async", [&] {
    thrust::transform(thrust::cuda::par_nosync, dv.begin(), dv.end(), result.begin(), twice);
  });
  thrust_case("thrust::fill par_nosync", "async",
              [&] { thrust::fill(thrust::cuda::par_nosync, result.begin(), result.end(), 0.f); });
  // sort needs temporary storage: allocated and freed per call (cudaFree waits), policy or not.
  thrust_case("thrust::sort par_nosync", "record",
              [&] { thrust::sort(thrust::cuda::par_nosync, result.begin(), result.end()); });
#endif

  for (Case &c : cases) {
    CHECK(measure(c, cycles, after_spin, false));
    CHECK(measure(c, cycles, after_spin, true));
    bool blocks = c.host_ms >= 0.5 * spin_ms, async = c.host_ms < 0.1 * spin_ms;
    std::printf("%-42s %8.3f ms of a %.1f ms spin (idle %7.3f ms): %-7s expect %s%s\n", c.name,
                c.host_ms, spin_ms, c.idle_ms,
                blocks  ? "blocks"
                : async ? "async"
                        : "between",
                c.expect, c.busy_after || blocks ? "" : "  [but the GPU was idle at its return]");
  }
  FILE *f = std::fopen(out, "w");
  if (!f)
    return 1;
  std::fprintf(f, "{\"gpu\": \"%s\", \"gpu_spin_ms\": %.4f, \"spin_cycles\": %lld, \"cases\": [",
               prop.name, spin_ms, cycles);
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    std::fprintf(f,
                 "%s\n {\"name\": \"%s\", \"host_ms\": %.4f, \"idle_ms\": %.4f, \"blocks\": %s, "
                 "\"gpu_busy_after_call\": %s, \"expect\": \"%s\"}",
                 i ? "," : "", c.name, c.host_ms, c.idle_ms,
                 c.host_ms >= 0.5 * spin_ms ? "true" : "false", c.busy_after ? "true" : "false",
                 c.expect);
  }
  std::fprintf(f, "\n]}\n");
  std::fclose(f);
  return 0;
}
