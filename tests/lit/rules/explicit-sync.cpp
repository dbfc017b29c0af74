// RUN: %lint --checks='-*,hostsync-explicit-sync' --min-severity=note %s -- %pch > %t.out; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note: {{.*}}[hostsync-' < %t.out
// Every finding is a CHECK-DAG line below: an extra one (in negatives()) fails the count.
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}7{{$}}
// Explicit syncs are notes by default (often intentional, e.g. around a timer).
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <c10/core/Stream.h>

void positives(c10::Stream stream, float *dev, float *host, cudaEvent_t event) {
  torch::cuda::synchronize();
  // CHECK-DAG: explicit-sync.cpp:[[@LINE-1]]:16: note: 'torch::cuda::synchronize' blocks the host{{.*}}[hostsync-explicit-sync]
  cudaDeviceSynchronize();
  // CHECK-DAG: explicit-sync.cpp:[[@LINE-1]]:3: note: 'cudaDeviceSynchronize'{{.*}}[hostsync-explicit-sync]
  cudaStreamSynchronize(nullptr);
  // CHECK-DAG: explicit-sync.cpp:[[@LINE-1]]:3: note: 'cudaStreamSynchronize'{{.*}}[hostsync-explicit-sync]
  stream.synchronize();
  // CHECK-DAG: explicit-sync.cpp:[[@LINE-1]]:10: note: 'Stream::synchronize'{{.*}}[hostsync-explicit-sync]
  cudaEventSynchronize(event);
  // CHECK-DAG: explicit-sync.cpp:[[@LINE-1]]:3: note: 'cudaEventSynchronize'{{.*}}[hostsync-explicit-sync]
  // The driver API's waits, the same list as the tracer's (the catalog's "runtime").
  cuCtxSynchronize();
  // CHECK-DAG: explicit-sync.cpp:[[@LINE-1]]:3: note: 'cuCtxSynchronize'{{.*}}[hostsync-explicit-sync]
  cuStreamSynchronize(nullptr);
  // CHECK-DAG: explicit-sync.cpp:[[@LINE-1]]:3: note: 'cuStreamSynchronize'{{.*}}[hostsync-explicit-sync]
}

struct Barrier {
  void synchronize() {}
};

void negatives(float *dev, float *host, cudaStream_t s) {
  // Asynchronous copies and GPU-side waits do not block the host.
  cudaMemcpyAsync(host, dev, 16, cudaMemcpyDeviceToHost, s);
  cudaStreamWaitEvent(s, nullptr, 0);
  // A blocking copy is hostsync-cuda-blocking-copy's, not an explicit sync.
  cudaMemcpy(host, dev, 16, cudaMemcpyDeviceToHost);
  // A user type's synchronize() is not a CUDA sync.
  Barrier b;
  b.synchronize();
  // A function of the same name in a namespace is not the CUDA API's.
  struct Local {
    static void cudaDeviceSynchronize() {}
  };
  Local::cudaDeviceSynchronize();
}
