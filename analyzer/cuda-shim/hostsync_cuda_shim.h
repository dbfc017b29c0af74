// hostsync's stand-in for the CUDA toolkit's headers, for the host-side parse of .cu and
// .cuh files when no toolkit this Clang can read is installed. It declares only what host
// code and kernel signatures need to parse (qualifiers, launch syntax, the runtime API's
// types and common functions, a few device intrinsics used in kernels); nothing here is
// ever compiled into a program. Served from memory by hostsync-lint under the names of
// the toolkit's headers (cuda_runtime.h, cuda.h, ...).
#pragma once
#ifndef HOSTSYNC_CUDA_SHIM
#define HOSTSYNC_CUDA_SHIM 1

#include <stddef.h>
#include <stdlib.h>

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
// No CUDA_VERSION / CUDART_VERSION: headers that test them (LibTorch's among them) then
// take their plain C++ paths instead of asking for more of the toolkit.

struct uint3 { unsigned int x, y, z; };
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};
struct float2 { float x, y; };
struct float3 { float x, y, z; };
struct float4 { float x, y, z, w; };
struct int2 { int x, y; };
struct int3 { int x, y, z; };
struct int4 { int x, y, z, w; };
struct double2 { double x, y; };
// The half types convert to anything: LibTorch's c10::Half and BFloat16 convert from them
// only when the real toolkit's headers are there.
struct __half { unsigned short __x; template <class T> __host__ __device__ operator T() const; };
struct __half2 { __half x, y; };
struct __nv_bfloat16 { unsigned short __x; template <class T> __host__ __device__ operator T() const; };
typedef __half half;

#ifdef __CUDA__ // threadIdx & co. (Clang's own header), for kernels in .cu files
#include "__clang_cuda_builtin_vars.h"
#endif

typedef enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1,
                         cudaErrorMemoryAllocation = 2, cudaErrorNotReady = 600 } cudaError_t;
typedef enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1,
                              cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3,
                              cudaMemcpyDefault = 4 } cudaMemcpyKind;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef int cudaDeviceAttr;
typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;
struct cudaDeviceProp { char name[256]; size_t totalGlobalMem; int multiProcessorCount;
                        int maxThreadsPerBlock; int warpSize; int major, minor;
                        size_t sharedMemPerBlock; int maxGridSize[3]; };
#define cudaStreamNonBlocking 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostRegisterDefault 0x00
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaStreamLegacy ((cudaStream_t)0x1)

extern "C" {
// The launch syntax <<<...>>> calls one of these, depending on the CUDA version Clang
// assumes.
int __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                void *stream = 0);
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                              cudaStream_t stream = 0);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                             size_t sharedMem, cudaStream_t stream);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags = 1);
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, cudaMemcpyKind kind,
                            cudaStream_t stream = 0);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                         size_t width, size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, cudaMemcpyKind kind,
                              cudaStream_t stream = 0);
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice,
                           size_t count);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream = 0);
cudaError_t cudaStreamCreate(cudaStream_t *pStream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority);
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags,
                                         int priority);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                unsigned int flags = 0);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaFuncSetAttribute(const void *func, int attr, int value);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                          int blockSize,
                                                          size_t dynamicSMemSize);
CUresult cuCtxSynchronize(void);
CUresult cuStreamSynchronize(CUstream hStream);
CUresult cuEventSynchronize(CUevent hEvent);
CUresult cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount);
CUresult cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount);
}
// The toolkit's templated overloads of the symbol copies.
template <class T>
cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                               size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T>
cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
template <class T>
cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T>
cudaError_t cudaMallocHost(T **ptr, size_t size) {
  return ::cudaMallocHost((void **)(void *)ptr, size);
}
template <class T>
cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = 1) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}

// Device-side intrinsics that kernels commonly call: declared so kernel bodies parse.
__device__ void __syncthreads(void);
__device__ void __syncwarp(unsigned mask = 0xffffffff);
__device__ void __threadfence(void);
__device__ unsigned __activemask(void);
__device__ unsigned __ballot_sync(unsigned mask, int pred);
__device__ int __any_sync(unsigned mask, int pred);
__device__ int __all_sync(unsigned mask, int pred);
__device__ int __popc(unsigned x);
__device__ int __clz(int x);
__device__ int __ffs(int x);
template <class T> __device__ T __shfl_sync(unsigned mask, T var, int src, int width = 32);
template <class T> __device__ T __shfl_up_sync(unsigned mask, T var, unsigned d, int width = 32);
template <class T> __device__ T __shfl_down_sync(unsigned mask, T var, unsigned d, int width = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned mask, T var, int lane, int width = 32);
template <class T> __device__ T __ldg(const T *ptr);
#define HOSTSYNC_SHIM_ATOMIC(T)                                                          \
  __device__ T atomicAdd(T *address, T val);                                             \
  __device__ T atomicSub(T *address, T val);                                             \
  __device__ T atomicMax(T *address, T val);                                             \
  __device__ T atomicMin(T *address, T val);                                             \
  __device__ T atomicExch(T *address, T val);                                            \
  __device__ T atomicCAS(T *address, T compare, T val);                                  \
  __device__ T atomicAnd(T *address, T val);                                             \
  __device__ T atomicOr(T *address, T val);
HOSTSYNC_SHIM_ATOMIC(int)
HOSTSYNC_SHIM_ATOMIC(unsigned int)
HOSTSYNC_SHIM_ATOMIC(unsigned long long)
HOSTSYNC_SHIM_ATOMIC(long long)
HOSTSYNC_SHIM_ATOMIC(float)
HOSTSYNC_SHIM_ATOMIC(double)
#undef HOSTSYNC_SHIM_ATOMIC
__device__ unsigned short atomicCAS(unsigned short *address, unsigned short compare,
                                    unsigned short val);
#define HOSTSYNC_SHIM_MINMAX(T)                                                          \
  __host__ __device__ T min(T a, T b);                                                   \
  __host__ __device__ T max(T a, T b);
HOSTSYNC_SHIM_MINMAX(int)
HOSTSYNC_SHIM_MINMAX(unsigned int)
HOSTSYNC_SHIM_MINMAX(long long)
HOSTSYNC_SHIM_MINMAX(unsigned long long)
HOSTSYNC_SHIM_MINMAX(float)
HOSTSYNC_SHIM_MINMAX(double)
#undef HOSTSYNC_SHIM_MINMAX

// cuBLAS, cuSPARSE and cuSOLVER handles, which LibTorch's CUDAContext.h declares accessors of.
typedef struct cublasContext *cublasHandle_t;
typedef int cublasStatus_t;
typedef struct cusparseContext *cusparseHandle_t;
typedef int cusparseStatus_t;
typedef struct cusolverDnContext *cusolverDnHandle_t;
typedef int cusolverStatus_t;
__device__ int __float_as_int(float x);
__device__ float __int_as_float(int x);
__device__ long long __double_as_longlong(double x);
__device__ double __longlong_as_double(long long x);
__device__ float __expf(float x);
__device__ float __logf(float x);
__device__ float __fdividef(float x, float y);
__device__ float rsqrtf(float x);
__device__ int __float2int_rn(float x);
__device__ int __float2int_rd(float x);
__device__ float __half2float(__half x);
__device__ __half __float2half(float x);

#endif // HOSTSYNC_CUDA_SHIM
