// RUN: %lint --checks='-*,hostsync-cuda-implicit-sync' %s > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}3{{$}}
#include <cuda_runtime.h>
#include <vector>

__global__ void fill(float *x) { x[threadIdx.x] = 1; }

void positives(int steps) {
  for (int i = 0; i < steps; ++i) {
    float *tmp;
    cudaMalloc(&tmp, 1 << 20);
    fill<<<1, 32>>>(tmp);
    cudaFree(tmp);
    // CHECK-DAG: cuda-implicit-sync.cu:[[@LINE-1]]:5: warning: 'cudaFree' synchronizes the device: the host waits until every kernel and copy queued on any stream has finished before the memory is released (hot: {{.*}}) [hostsync-cuda-implicit-sync]
  }
  float *staging;
  cudaMallocHost(&staging, 1 << 20);
  cudaFreeHost(staging);
  // CHECK-DAG: cuda-implicit-sync.cu:[[@LINE-1]]:3: warning: 'cudaFreeHost' synchronizes the device{{.*}}released{{.*}}[hostsync-cuda-implicit-sync]
  std::vector<float> buffer(1 << 20);
  cudaHostRegister(buffer.data(), buffer.size() * sizeof(float), cudaHostRegisterDefault);
  cudaHostUnregister(buffer.data());
  // CHECK-DAG: cuda-implicit-sync.cu:[[@LINE-1]]:3: warning: 'cudaHostUnregister' synchronizes the device{{.*}}[hostsync-cuda-implicit-sync]
}

namespace mine {
void cudaFree(void *) {} // a user function of the same name, not the runtime's
}

void negatives(cudaStream_t s) {
  // Measured on an H100: allocating and page-locking do not wait for queued work (they
  // are slow, not syncs); stream-ordered frees do not block.
  float *pinned;
  cudaMallocHost(&pinned, 1 << 20);
  cudaHostAlloc(&pinned, 1 << 20, cudaHostAllocDefault);
  std::vector<float> buffer(1 << 20);
  cudaHostRegister(buffer.data(), buffer.size() * sizeof(float), cudaHostRegisterDefault);
  float *dev;
  cudaMalloc(&dev, 1 << 20);
  cudaFreeAsync(dev, s);
  mine::cudaFree(dev);
}
