// RUN: %lint --checks='-*,hostsync-cuda-pageable-async-copy' %s > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}5{{$}}
#include <cuda_runtime.h>
#include <cstdlib>
#include <vector>

void positives(float *dev, int n, cudaStream_t s) {
  std::vector<float> host(n);
  cudaMemcpyAsync(host.data(), dev, n * sizeof(float), cudaMemcpyDeviceToHost, s);
  // CHECK-DAG: cuda-pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'cudaMemcpyAsync' into pageable host memory (a std::vector) is not asynchronous{{.*}}[hostsync-cuda-pageable-async-copy]
  float staged[64];
  cudaMemcpyAsync(dev, staged, sizeof staged, cudaMemcpyHostToDevice, s);
  // CHECK-DAG: cuda-pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'cudaMemcpyAsync' from pageable host memory (a stack array) is not asynchronous: the runtime stages it{{.*}}[hostsync-cuda-pageable-async-copy]
  float *heap = new float[n];
  cudaMemcpyAsync(heap, dev, n * sizeof(float), cudaMemcpyDeviceToHost, s);
  // CHECK-DAG: cuda-pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'cudaMemcpyAsync' into pageable host memory (memory from new[]){{.*}}[hostsync-cuda-pageable-async-copy]
  int *counts = static_cast<int *>(malloc(n * sizeof(int)));
  cudaMemcpyAsync(counts, dev, n * sizeof(int), cudaMemcpyDefault, s);
  // CHECK-DAG: cuda-pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'cudaMemcpyAsync' into pageable host memory (memory from malloc){{.*}}[hostsync-cuda-pageable-async-copy]
  int total = 0;
  cudaMemcpyAsync(&total, dev, sizeof(int), cudaMemcpyDeviceToHost, s);
  // CHECK-DAG: cuda-pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'cudaMemcpyAsync' into pageable host memory (a local variable){{.*}}[hostsync-cuda-pageable-async-copy]
  delete[] heap;
  free(counts);
}

void negatives(float *dev, float *other, float *unknown, int n, cudaStream_t s) {
  // Page-locked memory: the copy is asynchronous.
  float *pinned;
  cudaMallocHost(&pinned, n * sizeof(float));
  cudaMemcpyAsync(pinned, dev, n * sizeof(float), cudaMemcpyDeviceToHost, s);
  // A parameter may point to pinned memory: not visible here, so silent.
  cudaMemcpyAsync(unknown, dev, n * sizeof(float), cudaMemcpyDeviceToHost, s);
  // Device to device.
  cudaMemcpyAsync(other, dev, n * sizeof(float), cudaMemcpyDeviceToDevice, s);
  // The pageable vector is the device side's destination only in name: the direction
  // says the host side is the source, which is pinned.
  std::vector<float> unused(n);
  cudaMemcpyAsync(dev, pinned, n * sizeof(float), cudaMemcpyHostToDevice, s);
}
