// RUN: %lint --strict --checks='-*,hostsync-thrust-host-result,hostsync-explicit-sync' %s > %t.out 2> %t.err; test $? -eq 1
// (--strict: a file analysed with gaps would exit 3.)
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}2{{$}}
// RUN: FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:' < %t.out
// Every diagnostic line, the untagged notes too: a stray note changes the number.
// RUN: %count-diagnostics %t.out | FileCheck %s --check-prefix=LINES
// LINES: {{^}}4{{$}}
// What a CUDA extension's .cu file includes beside the kernels (MinkowskiEngine's
// coordinate maps, issue 51): torch/extension.h (which needs Python.h and pybind11),
// Thrust algorithms on raw device pointers, the host math library that cuda_runtime.h brings, pointer
// attributes, cuRAND's host and device API, NVTX ranges, device-side rounding. The file
// parses whole, with the toolkit's headers or hostsync's stand-in, and the syncs in it are
// found.
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>
#include <nvtx3/nvToolsExt.h>
#include <thrust/execution_policy.h>
#include <thrust/remove.h>
#include <torch/extension.h>

__global__ void noise(curandState *states, float *out, float scale, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  curand_init(1234, i, 0, &states[i]);
  float v = curand_uniform(&states[i]);
  out[i] = isnan(v) ? 0.0f : __fdiv_rd(static_cast<float>(lrint(v * scale)), scale);
}

struct IsZero {
  __host__ __device__ bool operator()(int x) const { return x == 0; }
};

int compact(int *d_keys, int n) {
  nvtxRangePushA("compact");
  int *end = thrust::remove_if(thrust::device, d_keys, d_keys + n, IsZero());
  // CHECK-DAG: cuda-extension-libraries.cu:[[@LINE-1]]:22: warning: 'thrust::remove_if' on device data returns the end of its output{{.*}}[hostsync-thrust-host-result]
  nvtxRangePop();
  return static_cast<int>(end - d_keys);
}

bool on_device(const void *p) {
  cudaPointerAttributes attributes;
  cudaPointerGetAttributes(&attributes, p);
  return attributes.type == cudaMemoryTypeDevice;
}

torch::Tensor sample(torch::Tensor out, int blocks) {
  curandGenerator_t generator;
  curandCreateGenerator(&generator, CURAND_RNG_PSEUDO_DEFAULT);
  curandGenerateUniform(generator, out.data_ptr<float>(), out.numel());
  curandDestroyGenerator(generator);
  int buckets = static_cast<int>(std::ceil(out.numel() / 256.0));
  noise<<<blocks, 256>>>(nullptr, out.data_ptr<float>(), 1.0f, buckets);
  cudaDeviceSynchronize();
  // CHECK-DAG: cuda-extension-libraries.cu:[[@LINE-1]]:3: note: 'cudaDeviceSynchronize' blocks the host{{.*}}[hostsync-explicit-sync]
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("sample", &sample); }
