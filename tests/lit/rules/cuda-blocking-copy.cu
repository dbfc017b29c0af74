// RUN: %lint --checks='-*,hostsync-cuda-blocking-copy' %s > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}4{{$}}
// A .cu file: parsed as CUDA host code (the toolkit's headers, or hostsync's stand-in).
#include <cuda_runtime.h>
#include <vector>

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2;
}

void positives(float *dev, int n, cudaMemcpyKind kind) {
  std::vector<float> host(n);
  scale<<<(n + 255) / 256, 256>>>(dev, n);
  cudaMemcpy(host.data(), dev, n * sizeof(float), cudaMemcpyDeviceToHost);
  // CHECK-DAG: cuda-blocking-copy.cu:[[@LINE-1]]:3: warning: 'cudaMemcpy' (device to host) is synchronous: the host waits for the copy{{.*}}(cold: {{.*}}; device: cuda ({{.*}})) [hostsync-cuda-blocking-copy]
  cudaMemcpy(dev, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  // CHECK-DAG: cuda-blocking-copy.cu:[[@LINE-1]]:3: warning: 'cudaMemcpy' (host to device) is synchronous{{.*}}[hostsync-cuda-blocking-copy]
  cudaMemcpy(host.data(), dev, n * sizeof(float), kind);
  // CHECK-DAG: cuda-blocking-copy.cu:[[@LINE-1]]:3: warning: 'cudaMemcpy' is synchronous{{.*}}[hostsync-cuda-blocking-copy]
  for (int step = 0; step < 10; ++step) {
    scale<<<1, 256>>>(dev, n);
    cudaMemcpy2D(host.data(), 4, dev, 4, 4, 1, cudaMemcpyDeviceToHost);
    // CHECK-DAG: cuda-blocking-copy.cu:[[@LINE-1]]:5: warning: 'cudaMemcpy2D' (device to host) is synchronous{{.*}}(hot: {{.*}}) [hostsync-cuda-blocking-copy]
  }
}

void negatives(float *dev, float *other, float *pinned, int n, cudaStream_t s) {
  // Device to device: "no host-side synchronization is performed".
  cudaMemcpy(other, dev, n * sizeof(float), cudaMemcpyDeviceToDevice);
  // cudaMemset on device memory is asynchronous to the host.
  cudaMemset(dev, 0, n * sizeof(float));
  // Asynchronous copies are hostsync-cuda-pageable-async-copy's (pinned memory here).
  cudaMemcpyAsync(pinned, dev, n * sizeof(float), cudaMemcpyDeviceToHost, s);
}
