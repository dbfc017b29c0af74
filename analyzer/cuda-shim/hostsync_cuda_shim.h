// hostsync's stand-in for the CUDA toolkit's headers, for the host-side parse of .cu and
// .cuh files when no toolkit this Clang can read is installed. It declares only what host
// code and kernel signatures need to parse (qualifiers, launch syntax, the runtime API's
// types and common functions, a few device intrinsics used in kernels); nothing here is
// ever compiled into a program. Served from memory by hostsync-lint under the names of
// the toolkit's headers (cuda_runtime.h, cuda.h, ...).
#pragma once
#ifndef HOSTSYNC_CUDA_SHIM
#define HOSTSYNC_CUDA_SHIM 1

#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#ifdef __cplusplus
// nvcc's cuda_runtime.h brings in the host math library (crt/math_functions.h includes
// <cmath>): code written for it calls std::ceil or std::isnan without including <cmath>.
#include <cmath>
#endif

// The toolkit headers' guards: Thrust undefines __host__ and __device__ before it includes
// the runtime's headers unless it sees them (those would define them again).
#define __HOST_DEFINES_H__
#define __DRIVER_TYPES_H__
#define __CUDA_RUNTIME_API_H__
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

// The vector types (vector_types.h), one to four components of each scalar, with their
// make_ functions (vector_functions.h): kernels and the libraries they use (CUB, Thrust)
// name all of them.
#define HOSTSYNC_SHIM_VECTOR(T, N)                                                       \
  struct N##1 { T x; };                                                                  \
  struct N##2 { T x, y; };                                                               \
  struct N##3 { T x, y, z; };                                                            \
  struct N##4 { T x, y, z, w; };                                                         \
  static __inline__ __host__ __device__ N##1 make_##N##1(T x) { return N##1{x}; }        \
  static __inline__ __host__ __device__ N##2 make_##N##2(T x, T y) { return N##2{x, y}; } \
  static __inline__ __host__ __device__ N##3 make_##N##3(T x, T y, T z) {                \
    return N##3{x, y, z};                                                                \
  }                                                                                      \
  static __inline__ __host__ __device__ N##4 make_##N##4(T x, T y, T z, T w) {           \
    return N##4{x, y, z, w};                                                             \
  }
HOSTSYNC_SHIM_VECTOR(signed char, char)
HOSTSYNC_SHIM_VECTOR(unsigned char, uchar)
HOSTSYNC_SHIM_VECTOR(short, short)
HOSTSYNC_SHIM_VECTOR(unsigned short, ushort)
HOSTSYNC_SHIM_VECTOR(int, int)
HOSTSYNC_SHIM_VECTOR(unsigned int, uint)
HOSTSYNC_SHIM_VECTOR(long, long)
HOSTSYNC_SHIM_VECTOR(unsigned long, ulong)
HOSTSYNC_SHIM_VECTOR(long long, longlong)
HOSTSYNC_SHIM_VECTOR(unsigned long long, ulonglong)
HOSTSYNC_SHIM_VECTOR(float, float)
HOSTSYNC_SHIM_VECTOR(double, double)
#undef HOSTSYNC_SHIM_VECTOR
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};
// The half types convert to anything: LibTorch's c10::Half and BFloat16 convert from them
// only when the real toolkit's headers are there.
struct __half { unsigned short __x; template <class T> __host__ __device__ operator T() const; };
struct __half2 { __half x, y; };
struct __nv_bfloat16 { unsigned short __x; template <class T> __host__ __device__ operator T() const; };
typedef __half half;

#ifdef __CUDA__ // threadIdx & co. (Clang's own header), for kernels in .cu files
#include "__clang_cuda_builtin_vars.h"
#endif

// The runtime's error codes, with the toolkit's values (CUB and Thrust name them all).
typedef enum cudaError {
  cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3, cudaErrorCudartUnloading = 4,
  cudaErrorProfilerDisabled = 5, cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidPitchValue = 12, cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidHostPointer = 16, cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidTexture = 18, cudaErrorInvalidTextureBinding = 19,
  cudaErrorInvalidChannelDescriptor = 20, cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorAddressOfConstant = 22, cudaErrorTextureFetchFailed = 23,
  cudaErrorTextureNotBound = 24, cudaErrorSynchronizationError = 25,
  cudaErrorInvalidFilterSetting = 26, cudaErrorInvalidNormSetting = 27,
  cudaErrorMixedDeviceExecution = 28, cudaErrorNotYetImplemented = 31,
  cudaErrorMemoryValueTooLarge = 32, cudaErrorInsufficientDriver = 35,
  cudaErrorDuplicateVariableName = 43, cudaErrorDuplicateTextureName = 44,
  cudaErrorDuplicateSurfaceName = 45, cudaErrorDevicesUnavailable = 46,
  cudaErrorIncompatibleDriverContext = 49, cudaErrorMissingConfiguration = 52,
  cudaErrorPriorLaunchFailure = 53, cudaErrorLaunchMaxDepthExceeded = 65,
  cudaErrorLaunchFileScopedTex = 66, cudaErrorLaunchFileScopedSurf = 67,
  cudaErrorSyncDepthExceeded = 68, cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100, cudaErrorInvalidDevice = 101, cudaErrorStartupFailure = 127,
  cudaErrorInvalidKernelImage = 200, cudaErrorMapBufferObjectFailed = 205,
  cudaErrorUnmapBufferObjectFailed = 206, cudaErrorAlreadyMapped = 208,
  cudaErrorNoKernelImageForDevice = 209, cudaErrorECCUncorrectable = 214,
  cudaErrorUnsupportedLimit = 215, cudaErrorDeviceAlreadyInUse = 216,
  cudaErrorPeerAccessUnsupported = 217, cudaErrorSharedObjectSymbolNotFound = 302,
  cudaErrorSharedObjectInitFailed = 303, cudaErrorOperatingSystem = 304,
  cudaErrorInvalidResourceHandle = 400, cudaErrorNotReady = 600,
  cudaErrorLaunchOutOfResources = 701, cudaErrorLaunchTimeout = 702,
  cudaErrorPeerAccessAlreadyEnabled = 704, cudaErrorPeerAccessNotEnabled = 705,
  cudaErrorSetOnActiveProcess = 708, cudaErrorAssert = 710, cudaErrorTooManyPeers = 711,
  cudaErrorHostMemoryAlreadyRegistered = 712, cudaErrorHostMemoryNotRegistered = 713,
  cudaErrorLaunchFailure = 719, cudaErrorNotPermitted = 800, cudaErrorNotSupported = 801,
  cudaErrorUnknown = 999,
  cudaErrorApiFailureBase = 10000 // gone from the toolkit; Thrust 1.x still names it
} cudaError_t;
typedef enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault = 0,
                                   cudaSharedMemBankSizeFourByte = 1,
                                   cudaSharedMemBankSizeEightByte = 2 } cudaSharedMemConfig;
typedef enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1,
                             cudaFuncCachePreferL1 = 2,
                             cudaFuncCachePreferEqual = 3 } cudaFuncCache;
struct cudaFuncAttributes { size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
                            int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion; };
typedef enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1,
                              cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3,
                              cudaMemcpyDefault = 4 } cudaMemcpyKind;
// Texture objects (CUB's TexObjInputIterator binds one).
typedef unsigned long long cudaTextureObject_t;
typedef struct cudaArray *cudaArray_t;
enum cudaChannelFormatKind { cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1,
                             cudaChannelFormatKindFloat = 2, cudaChannelFormatKindNone = 3 };
struct cudaChannelFormatDesc { int x, y, z, w; enum cudaChannelFormatKind f; };
enum cudaResourceType { cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1,
                        cudaResourceTypeLinear = 2, cudaResourceTypePitch2D = 3 };
struct cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct { cudaArray_t array; } array;
    struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
    struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t width, height,
             pitchInBytes; } pitch2D;
  } res;
};
enum cudaTextureAddressMode { cudaAddressModeWrap = 0, cudaAddressModeClamp = 1,
                              cudaAddressModeMirror = 2, cudaAddressModeBorder = 3 };
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
struct cudaTextureDesc { enum cudaTextureAddressMode addressMode[3];
                         enum cudaTextureFilterMode filterMode; enum cudaTextureReadMode readMode;
                         int sRGB; float borderColor[4]; int normalizedCoords; };
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX = 2, cudaDevAttrMaxGridDimX = 5,
  cudaDevAttrMaxSharedMemoryPerBlock = 8, cudaDevAttrWarpSize = 10, cudaDevAttrClockRate = 13,
  cudaDevAttrMultiProcessorCount = 16, cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39, cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76, cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor = 82, cudaDevAttrMaxSharedMemoryPerBlockOptin = 97
} cudaDeviceAttr;
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
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, const void *func);
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const void *pResViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
cudaError_t cudaFuncSetCacheConfig(const void *func, cudaFuncCache cacheConfig);
cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig *pConfig);
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config);
enum cudaMemoryType { cudaMemoryTypeUnregistered = 0, cudaMemoryTypeHost = 1,
                      cudaMemoryTypeDevice = 2, cudaMemoryTypeManaged = 3 };
struct cudaPointerAttributes {
  enum cudaMemoryType type;
  enum cudaMemoryType memoryType; // before CUDA 11
  int isManaged;                  // before CUDA 11
  int device;
  void *devicePointer;
  void *hostPointer;
};
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr);
cudaError_t cudaDriverGetVersion(int *driverVersion);
cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);
cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize,
                                               const void *func, size_t dynamicSMemSize = 0,
                                               int blockSizeLimit = 0);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                          int blockSize,
                                                          size_t dynamicSMemSize);
CUresult cuCtxSynchronize(void);
CUresult cuStreamSynchronize(CUstream hStream);
CUresult cuEventSynchronize(CUevent hEvent);
CUresult cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount);
CUresult cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount);
}
template <class T> cudaChannelFormatDesc cudaCreateChannelDesc(void);
template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize,
                                                          size_t dynamicSMemSize);
template <class T>
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, T *func);
template <class T>
cudaError_t cudaFuncSetAttribute(T *func, int attr, int value);
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t texObject, int x);
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
// The warp votes and shuffles before the _sync ones (CUB 1.x still names them).
__device__ int __syncthreads_count(int pred);
__device__ int __syncthreads_and(int pred);
__device__ int __syncthreads_or(int pred);
__device__ int __any(int pred);
__device__ int __all(int pred);
__device__ unsigned __ballot(int pred);
template <class T> __device__ T __shfl(T var, int src, int width = 32);
template <class T> __device__ T __shfl_up(T var, unsigned d, int width = 32);
template <class T> __device__ T __shfl_down(T var, unsigned d, int width = 32);
template <class T> __device__ T __shfl_xor(T var, int lane, int width = 32);
__device__ unsigned __brev(unsigned x);
__device__ unsigned long long __brevll(unsigned long long x);
__device__ int __popcll(unsigned long long x);
__device__ int __clzll(long long x);
__device__ int __ffsll(long long x);
__device__ unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift);
__device__ unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ long long clock64(void);
__device__ void __nanosleep(unsigned ns);
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
// The mixed-sign overloads, which take the unsigned type, as the toolkit's do.
#define HOSTSYNC_SHIM_MIXED(S, U)                                                        \
  __host__ __device__ U min(S a, U b);                                                   \
  __host__ __device__ U min(U a, S b);                                                   \
  __host__ __device__ U max(S a, U b);                                                   \
  __host__ __device__ U max(U a, S b);
HOSTSYNC_SHIM_MIXED(int, unsigned int)
HOSTSYNC_SHIM_MIXED(long long, unsigned long long)
#undef HOSTSYNC_SHIM_MIXED

// The math library on the device side (the host side is <math.h>'s): CUDA overloads on
// __host__/__device__, so kernels that call expf or sqrtf resolve to these.
#define HOSTSYNC_SHIM_MATH1(F)                                                           \
  __device__ float F##f(float x);                                                        \
  __device__ double F(double x);
HOSTSYNC_SHIM_MATH1(exp)
HOSTSYNC_SHIM_MATH1(exp2)
HOSTSYNC_SHIM_MATH1(expm1)
HOSTSYNC_SHIM_MATH1(log)
HOSTSYNC_SHIM_MATH1(log2)
HOSTSYNC_SHIM_MATH1(log10)
HOSTSYNC_SHIM_MATH1(log1p)
HOSTSYNC_SHIM_MATH1(sqrt)
HOSTSYNC_SHIM_MATH1(rsqrt)
HOSTSYNC_SHIM_MATH1(cbrt)
HOSTSYNC_SHIM_MATH1(fabs)
HOSTSYNC_SHIM_MATH1(floor)
HOSTSYNC_SHIM_MATH1(ceil)
HOSTSYNC_SHIM_MATH1(round)
HOSTSYNC_SHIM_MATH1(trunc)
HOSTSYNC_SHIM_MATH1(rint)
HOSTSYNC_SHIM_MATH1(sin)
HOSTSYNC_SHIM_MATH1(cos)
HOSTSYNC_SHIM_MATH1(tan)
HOSTSYNC_SHIM_MATH1(asin)
HOSTSYNC_SHIM_MATH1(acos)
HOSTSYNC_SHIM_MATH1(atan)
HOSTSYNC_SHIM_MATH1(sinh)
HOSTSYNC_SHIM_MATH1(cosh)
HOSTSYNC_SHIM_MATH1(tanh)
HOSTSYNC_SHIM_MATH1(erf)
HOSTSYNC_SHIM_MATH1(erfc)
HOSTSYNC_SHIM_MATH1(lgamma)
#undef HOSTSYNC_SHIM_MATH1
#define HOSTSYNC_SHIM_MATH2(F)                                                           \
  __device__ float F##f(float x, float y);                                               \
  __device__ double F(double x, double y);
HOSTSYNC_SHIM_MATH2(pow)
HOSTSYNC_SHIM_MATH2(atan2)
HOSTSYNC_SHIM_MATH2(fmod)
HOSTSYNC_SHIM_MATH2(fmin)
HOSTSYNC_SHIM_MATH2(fmax)
HOSTSYNC_SHIM_MATH2(hypot)
HOSTSYNC_SHIM_MATH2(copysign)
#undef HOSTSYNC_SHIM_MATH2
// Rounding to an integer and classification, on the device side.
#define HOSTSYNC_SHIM_TO(R, F)                                                           \
  __device__ R F##f(float x);                                                            \
  __device__ R F(double x);
HOSTSYNC_SHIM_TO(long, lrint)
HOSTSYNC_SHIM_TO(long long, llrint)
HOSTSYNC_SHIM_TO(long, lround)
HOSTSYNC_SHIM_TO(long long, llround)
#undef HOSTSYNC_SHIM_TO
#define HOSTSYNC_SHIM_CLASSIFY(F)                                                        \
  __device__ bool F(float x);                                                            \
  __device__ bool F(double x);
HOSTSYNC_SHIM_CLASSIFY(isnan)
HOSTSYNC_SHIM_CLASSIFY(isinf)
HOSTSYNC_SHIM_CLASSIFY(isfinite)
#undef HOSTSYNC_SHIM_CLASSIFY
__device__ float fmaf(float x, float y, float z);
// Arithmetic with an explicit rounding mode, and conversions.
#define HOSTSYNC_SHIM_ROUNDED(Op)                                                        \
  __device__ float __f##Op##_rd(float x, float y);                                       \
  __device__ float __f##Op##_ru(float x, float y);                                       \
  __device__ float __f##Op##_rn(float x, float y);                                       \
  __device__ float __f##Op##_rz(float x, float y);                                       \
  __device__ double __d##Op##_rd(double x, double y);                                    \
  __device__ double __d##Op##_ru(double x, double y);                                    \
  __device__ double __d##Op##_rn(double x, double y);                                    \
  __device__ double __d##Op##_rz(double x, double y);
HOSTSYNC_SHIM_ROUNDED(add)
HOSTSYNC_SHIM_ROUNDED(sub)
HOSTSYNC_SHIM_ROUNDED(mul)
HOSTSYNC_SHIM_ROUNDED(div)
#undef HOSTSYNC_SHIM_ROUNDED
__device__ void sincosf(float x, float *s, float *c);
__device__ float __saturatef(float x);
__device__ float __sinf(float x);
__device__ float __cosf(float x);
__device__ float __powf(float x, float y);
// printf in a kernel: device code takes no C variadic function, a variadic template
// stands in (the host's printf stays <stdio.h>'s).
template <class... Args> __device__ int printf(const char *format, Args... args);
__device__ void __trap(void);
__device__ void __brkpt(void);

// Cooperative groups (cooperative_groups.h and its reduce.h), as kernels use them.
namespace cooperative_groups {
struct thread_group {
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
};
struct thread_block : thread_group {
  __device__ dim3 group_index() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_threads() const;
};
struct grid_group : thread_group {
  __device__ bool is_valid() const;
  __device__ unsigned long long num_blocks() const;
  __device__ unsigned long long block_rank() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 block_index() const;
  __device__ dim3 dim_blocks() const;
};
struct coalesced_group : thread_group {
  template <class T> __device__ T shfl(T var, int src) const;
  template <class T> __device__ T shfl_down(T var, unsigned d) const;
  template <class T> __device__ T shfl_up(T var, unsigned d) const;
  __device__ int any(int pred) const;
  __device__ int all(int pred) const;
  __device__ unsigned ballot(int pred) const;
  __device__ unsigned long long meta_group_rank() const;
  __device__ unsigned long long meta_group_size() const;
};
template <unsigned N, class Parent = void> struct thread_block_tile : coalesced_group {
  template <class T> __device__ T shfl_xor(T var, unsigned mask) const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();
template <unsigned N, class Parent> __device__ thread_block_tile<N, Parent> tiled_partition(const Parent &g);
__device__ thread_group tiled_partition(const thread_group &g, unsigned tile);
template <class Group> __device__ void sync(const Group &g);
template <class T> struct plus { __device__ T operator()(T a, T b) const; };
template <class T> struct less { __device__ T operator()(T a, T b) const; };
template <class T> struct greater { __device__ T operator()(T a, T b) const; };
template <class T> struct bit_and { __device__ T operator()(T a, T b) const; };
template <class T> struct bit_or { __device__ T operator()(T a, T b) const; };
template <class T> struct bit_xor { __device__ T operator()(T a, T b) const; };
template <class Group, class T, class Op> __device__ T reduce(const Group &g, T value, Op op);
template <class Group, class T, class Op>
__device__ T inclusive_scan(const Group &g, T value, Op op);
template <class Group, class T, class Op>
__device__ T exclusive_scan(const Group &g, T value, Op op);
} // namespace cooperative_groups

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

// cuRAND (curand.h, curand_kernel.h): the host generator API and the device-side states.
typedef enum curandStatus { CURAND_STATUS_SUCCESS = 0 } curandStatus_t;
typedef enum curandRngType { CURAND_RNG_PSEUDO_DEFAULT = 100, CURAND_RNG_PSEUDO_XORWOW = 101,
                             CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161 } curandRngType_t;
typedef struct curandGenerator_st *curandGenerator_t;
curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type);
curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator,
                                                  unsigned long long seed);
curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream);
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *out, size_t n);
curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *out, size_t n,
                                    float mean, float stddev);
struct curandStateXORWOW { unsigned int d, v[5]; int boxmuller_flag; float boxmuller_extra; };
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef curandStateXORWOW_t curandState_t;
typedef curandState_t curandState;
struct curandStatePhilox4_32_10 { uint4 ctr, output; uint2 key; unsigned int STATE; };
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
#define HOSTSYNC_SHIM_CURAND(State)                                                      \
  __device__ void curand_init(unsigned long long seed, unsigned long long subsequence,   \
                              unsigned long long offset, State *state);                  \
  __device__ unsigned int curand(State *state);                                          \
  __device__ float curand_uniform(State *state);                                         \
  __device__ double curand_uniform_double(State *state);                                 \
  __device__ float curand_normal(State *state);                                          \
  __device__ double curand_normal_double(State *state);
HOSTSYNC_SHIM_CURAND(curandStateXORWOW_t)
HOSTSYNC_SHIM_CURAND(curandStatePhilox4_32_10_t)
#undef HOSTSYNC_SHIM_CURAND

// NVTX (nvToolsExt.h, nvtx3/nvToolsExt.h): ranges and marks.
typedef unsigned long long nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;
int nvtxRangePushA(const char *message);
int nvtxRangePop(void);
void nvtxMarkA(const char *message);
nvtxRangeId_t nvtxRangeStartA(const char *message);
void nvtxRangeEnd(nvtxRangeId_t id);
void nvtxNameOsThreadA(unsigned int threadId, const char *name);
nvtxDomainHandle_t nvtxDomainCreateA(const char *name);
void nvtxDomainDestroy(nvtxDomainHandle_t domain);

#endif // HOSTSYNC_CUDA_SHIM
