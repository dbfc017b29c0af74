// RUN: %lint %s > %t.out 2> %t.err; test $? -eq 0
// RUN: FileCheck %s --implicit-check-not='warning:' --implicit-check-not="note: '" < %t.out
// RUN: %count-findings %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}10{{$}}
// Syncs in blocks the preprocessor leaves out of this build (UnanalysedSyncs.h): read from
// the text and reported as notes, at the rule of their op. CUDA's waits and blocking copies
// in any block (a debug or timing switch), and in a GPU build's block (its condition names
// GPU or CUDA) the tensor moves and reads too (wenet's `#ifdef USE_GPU`, issue 51).
#include <cuda_runtime.h>
#include <torch/torch.h>

#define GET_TIME(event) cudaEventSynchronize(event)
#define TIMED(event) GET_TIME(event) // a macro of a macro, #undef'd at the end

torch::Tensor chunk(torch::Tensor feats, cudaEvent_t done, float *h, const float *d) {
#ifdef USE_GPU
  feats = feats.to(torch::kCUDA);
  // CHECK-DAG: unanalysed-skipped.cpp:[[@LINE-1]]:17: note: 'to(kCUDA)' copies a host tensor to the GPU, blocking; read from the text of code that was not analysed (cold: not analysed: `#ifdef USE_GPU` leaves it out of this build; device: cuda (in a GPU build's code)) [hostsync-host-to-device-copy]
  float first = feats[0].item<float>();
  // CHECK-DAG: unanalysed-skipped.cpp:[[@LINE-1]]:26: note: 'item' copies one value to the host;{{.*}}[hostsync-item]
  feats = feats.to(torch::kCUDA, /*non_blocking=*/true); // not blocking
  cudaMemcpy(h, d, 4, cudaMemcpyDeviceToDevice);         // device to device
#endif
#ifndef WITH_CUDA
  feats = feats * 2;
#else
  auto out = feats.cpu();
  // CHECK-DAG: unanalysed-skipped.cpp:[[@LINE-1]]:20: note: 'cpu' copies the tensor to the host;{{.*}}not analysed: the #else of `#ifndef WITH_CUDA` leaves it out{{.*}}[hostsync-device-to-host-copy]
#endif
// The sense of a GPU build's condition: a name that turns the GPU off (DISABLE_CUDA,
// NO_GPU), a '!', #ifndef and #else each flip it; mixed senses are no GPU build's.
#ifdef DISABLE_CUDA
  auto off = feats.cpu(); // a build without the GPU: the tensor's device is not known
#else
#endif
#if !defined(DISABLE_CUDA)
#else
  auto off2 = feats.cpu(); // the #else of !DISABLE_CUDA: without the GPU
#endif
#if !defined(NO_GPU) && defined(WITH_GPU)
  auto on = feats.cpu();
  // CHECK-DAG: unanalysed-skipped.cpp:[[@LINE-1]]:19: note: 'cpu' copies the tensor to the host;{{.*}}`#if !defined(NO_GPU) && defined(WITH_GPU)` leaves it out{{.*}}[hostsync-device-to-host-copy]
#endif
#if defined(USE_CUDA) && !defined(FAST_MATH)
  auto on2 = feats.cpu();
  // CHECK-DAG: unanalysed-skipped.cpp:[[@LINE-1]]:20: note: 'cpu' copies the tensor to the host;{{.*}}[hostsync-device-to-host-copy]
#endif
#if defined(USE_CUDA) || defined(CPU_ONLY_CUDA_STUBS)
  auto mixed = feats.cpu(); // one name reads GPU on, one GPU off
#endif
#ifdef DEBUG
  cudaDeviceSynchronize();
  // CHECK-DAG: unanalysed-skipped.cpp:[[@LINE-1]]:3: note: 'cudaDeviceSynchronize' blocks the host{{.*}}`#ifdef DEBUG` leaves it out of this build; device: cuda (the op syncs on CUDA whatever its input)) [hostsync-explicit-sync]
  cudaMemcpy(h, d, 4, cudaMemcpyDeviceToHost);
  // CHECK-DAG: unanalysed-skipped.cpp:[[@LINE-1]]:3: note: 'cudaMemcpy' is a blocking copy{{.*}}[hostsync-cuda-blocking-copy]
  auto host = feats.cpu(); // not a GPU build's block: the tensor's device is not known
  cudaStreamSynchronize(0); // NOLINT(hostsync-explicit-sync): suppressed, as any finding
#endif
#if defined(PROFILE_STEPS) && PROFILE_STEPS > 1
  GET_TIME(done);
  // CHECK-DAG: unanalysed-skipped.cpp:[[@LINE-1]]:3: note: 'GET_TIME(cudaEventSynchronize)' blocks the host{{.*}}[hostsync-explicit-sync]
#endif
#ifdef PROFILE
  TIMED(done);
  // CHECK-DAG: unanalysed-skipped.cpp:[[@LINE-1]]:3: note: 'TIMED(GET_TIME(cudaEventSynchronize))' blocks the host{{.*}}[hostsync-explicit-sync]
#endif
#if 0
  cudaDeviceSynchronize(); // commented out
#endif
#ifdef __CUDA_ARCH__
  cudaDeviceSynchronize(); // device code
#endif
  // cudaDeviceSynchronize() in a comment is no call.
  cudaDeviceSynchronize();
  // CHECK-DAG: unanalysed-skipped.cpp:[[@LINE-1]]:3: note: 'cudaDeviceSynchronize' blocks the host until the GPU has finished the work queued before it, then leaves the GPU idle (cold: in chunk(){{.*}}[hostsync-explicit-sync]
  return feats;
}
#undef TIMED
