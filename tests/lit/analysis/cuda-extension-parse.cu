// RUN: %lint --strict --checks='-*,hostsync-cuda-blocking-copy' %s > %t.out 2> %t.err; test $? -eq 1
// (--strict: a file analysed with gaps would exit 3.)
// RUN: FileCheck %s --implicit-check-not='warning:' < %t.out
// What the kernels of real CUDA extensions use (a Gaussian-splatting rasterizer, NMS and
// sampling kernels): every vector type and its make_ function, cooperative groups with a
// reduce, the occupancy API on a kernel, texture objects, the device math library, printf
// and __trap in a kernel, the warp intrinsics of CUB 1.x, INT_MAX. The file parses whole,
// with the toolkit's headers or hostsync's stand-in for them (issue 36), and the blocking
// copy inside the project's CHECK macro is found.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <limits.h>
namespace cg = cooperative_groups;

#define CHECK_CUDA(A, debug)                                                                   \
  A;                                                                                           \
  if (debug) {                                                                                 \
    cudaError_t ret = cudaGetLastError();                                                      \
    if (ret != cudaSuccess)                                                                    \
      printf("CUDA error: %s\n", cudaGetErrorString(ret));                                     \
  }

struct Rect {
  uint2 lo, hi;
  float3 mean;
  uchar4 color;
  short2 s;
  ulonglong2 key;
  double4 d;
  char1 c;
};

__device__ __forceinline__ float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

__global__ void preprocess(int P, const float3 *means, uint2 *rects, float2 *out, dim3 grid) {
  auto block = cg::this_thread_block();
  auto idx = cg::this_grid().thread_rank();
  if (idx >= P)
    return;
  float3 m = means[idx];
  float2 p = make_float2(m.x, m.y);
  rects[idx] = make_uint2(min(grid.x, max((int)0, (int)p.x)), min(grid.y, max(0, (int)p.y)));
  int4 q = make_int4(1, 2, 3, 4);
  out[idx] = make_float2(sigmoid(p.x) * sqrtf(m.z) + powf(p.y, 2.0f), (float)q.w);
  if (p.x != p.x) {
    printf("nan at %d\n", (int)idx);
    __trap();
  }
  auto tile = cg::tiled_partition<32>(block);
  float sum = cg::reduce(tile, p.x, cg::plus<float>());
  if (block.thread_rank() == 0 && __syncthreads_count(sum > 0) > INT_MAX / 2)
    out[0].x = __shfl_down_sync(0xffffffff, sum, 1);
  block.sync();
  dim3 b = block.group_index();
  (void)b;
}

void forward(int P, float3 *means, uint2 *rects, float2 *out, int *num_rendered_dev,
             bool debug) {
  int blocks = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, preprocess, 256, 0);
  cudaTextureObject_t tex = 0;
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = means;
  res.res.linear.desc = cudaCreateChannelDesc<float>();
  res.res.linear.sizeInBytes = P * sizeof(float3);
  cudaTextureDesc td = {};
  td.readMode = cudaReadModeElementType;
  cudaCreateTextureObject(&tex, &res, &td, nullptr);
  preprocess<<<(P + 255) / 256, 256>>>(P, means, rects, out, dim3(4, 4, 1));
  CHECK_CUDA(cudaGetLastError(), debug)
  int num_rendered = 0;
  CHECK_CUDA(cudaMemcpy(&num_rendered, num_rendered_dev, sizeof(int), cudaMemcpyDeviceToHost),
             debug);
  // CHECK: cuda-extension-parse.cu:[[@LINE-2]]:14: warning: 'cudaMemcpy' (device to host) is synchronous{{.*}}[hostsync-cuda-blocking-copy]
  cudaDestroyTextureObject(tex);
}
