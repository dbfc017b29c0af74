// Two GPUs at once, for hostsync-trace: kernels of known length on both, with the same
// stream numbering on each, so that a tracer keying streams by number alone would see
// overlap that is not there. Writes what the trace must show to the JSON file named by
// argv[1]; check_multi_gpu.py compares.
#include "gpu_check.cuh"

#include <cstdio>

int main(int argc, char **argv) {
  int count = 0;
  CHECK(cudaGetDeviceCount(&count));
  if (count < 2) {
    std::fprintf(stderr, "multi_gpu: needs two GPUs, found %d\n", count);
    return 2;
  }
  int khz[2];
  cudaStream_t a[2], b[2];
  for (int d = 0; d < 2; ++d) {
    CHECK(cudaSetDevice(d));
    CHECK(cudaDeviceGetAttribute(&khz[d], cudaDevAttrClockRate, d));
    CHECK(cudaStreamCreateWithFlags(&a[d], cudaStreamNonBlocking));
    CHECK(cudaStreamCreateWithFlags(&b[d], cudaStreamNonBlocking));
    spin<<<1, 1, 0, a[d]>>>(khz[d]); // warm-up: module loading is not part of the truth
    CHECK(cudaDeviceSynchronize());
  }
  // GPU 0: one 30 ms kernel. GPU 1: 20 ms on one stream and, at once, 10 ms on another.
  CHECK(cudaSetDevice(0));
  spin<<<1, 1, 0, a[0]>>>(30LL * khz[0]);
  CHECK(cudaSetDevice(1));
  spin<<<1, 1, 0, a[1]>>>(20LL * khz[1]);
  spin<<<1, 1, 0, b[1]>>>(10LL * khz[1]);
  // The host waits for GPU 0 (about 30 ms); GPU 1 is done by then.
  CHECK(cudaSetDevice(0));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaSetDevice(1));
  CHECK(cudaDeviceSynchronize());
  FILE *f = std::fopen(argc > 1 ? argv[1] : "truth.json", "w");
  if (!f)
    return 1;
  std::fprintf(f, "{\"busy_ms\": [31.0, 21.0], \"pair_overlap_ms\": 10.0, \"wait_ms\": 30.0}\n");
  std::fclose(f);
  return 0;
}
