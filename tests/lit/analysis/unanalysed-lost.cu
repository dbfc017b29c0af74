// RUN: %lint --strict %s > %t.out; test $? -eq 3
// RUN: FileCheck %s < %t.out
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}4{{$}}
// (--strict: exit 3, the file is analysed with gaps.)
// Syncs in code that did not compile (UnanalysedSyncs.h): a statement Clang dropped for an
// error (here, a header of the project that is not there) loses its calls. Those the text
// shows to sync whatever their arguments (a CUDA wait, a blocking copy that is not device
// to device, a Thrust algorithm under thrust::device) are reported as notes; the rest of the
// file is analysed as usual, and a call the AST still holds gets its rule's own finding.
#include <cuda_runtime.h>
#include <thrust/execution_policy.h>
#include <thrust/remove.h>
#include "grid_not_in_this_checkout.h"

// A CPU shim that defines a CUDA API's name: its declaration is no call.
namespace cpu_shim {
inline cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
} // namespace cpu_shim

int compact(int *d_keys, int n, float *h, const float *d) {
  int kept = thrust::remove_if(thrust::device, d_keys, d_keys + n, IsEmpty{}) - d_keys;
  // CHECK-DAG: unanalysed-lost.cu:[[@LINE-1]]:22: note: 'thrust::remove_if' on device data returns its result to the host, after the kernels; read from the text of code that was not analysed (cold: not analysed: it did not compile here: the file has compiler errors; device: cuda {{.*}}) [hostsync-thrust-host-result]
  Grid cells(cudaMemcpy(h, d, sizeof(float), cudaMemcpyDeviceToHost));
  // (Clang 22 keeps the call, valid, in the invalid declaration: the rule's own finding.)
  // CHECK-DAG: unanalysed-lost.cu:[[@LINE-2]]:14: {{.*}}'cudaMemcpy'{{.*}}[hostsync-cuda-blocking-copy]
  Grid copies(cudaMemcpy(h, d, sizeof(float), cudaMemcpyDeviceToDevice)); // device to device
  LOG_TIME(cudaStreamSynchronize(0));
  // CHECK-DAG: unanalysed-lost.cu:[[@LINE-1]]:12: {{.*}}'cudaStreamSynchronize'{{.*}}[hostsync-explicit-sync]
  cudaDeviceSynchronize();
  // CHECK-DAG: unanalysed-lost.cu:[[@LINE-1]]:3: note: 'cudaDeviceSynchronize' blocks the host until the GPU has finished the work queued before it, then leaves the GPU idle (cold: in compact(){{.*}}[hostsync-explicit-sync]
#if 0 // disabled: commented out, read by neither pass
  cudaStreamSynchronize(0);
#endif
#ifndef __CUDA_ARCH__
  cudaGetLastError();
#else
  cudaDeviceSynchronize(); // the device's side (dynamic parallelism): not the host's wait
#endif
  return kept;
}
