// What the CUDA test programs of tests/gpu share: a kernel that keeps the GPU busy for a
// known number of clock cycles, and a CHECK that ends main() with the failing call's error.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>

#define CHECK(call)                                                                        \
  do {                                                                                     \
    cudaError_t e = (call);                                                                \
    if (e != cudaSuccess) {                                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e));     \
      return 1;                                                                            \
    }                                                                                      \
  } while (0)

// Busy for `cycles` SM clock cycles: milliseconds * the clock rate in kHz.
__global__ void spin(long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {
  }
}
