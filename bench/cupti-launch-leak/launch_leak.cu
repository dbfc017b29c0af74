// Which kernel launches make CUPTI keep host memory, and what CUPTI settings change it
// (issue 34: a traced word_language_model's heap grew ~1 MB/s in allocations made inside
// libcupti, under cuLaunchKernel called by cuBLASLt and cuDNN, in every hostsync-trace mode,
// kernel records alone included). bench/cupti-launch-leak/run.sh builds and runs it.
//
// usage: launch_leak MODE LAUNCHES CLIENT [CUBIN]
//   MODE: rt (k<<<>>>), drv (cuLaunchKernel of cudaGetFuncBySymbol's CUfunction), kernel
//     (cuLaunchKernel of cudaGetKernel's CUkernel), lib (cuLaunchKernel of a CUkernel from
//     cuLibraryLoadFromFile(CUBIN), as cuBLASLt and cuDNN 9 load theirs), libfunc (the same
//     kernel's CUfunction, cuKernelGetFunction), memset (cuMemsetD8Async), rtmemset
//     (cudaMemsetAsync).
//   CLIENT: none (no CUPTI here: run it under hostsync-trace to measure the tracer), or a
//     minimal CUPTI client of this file with kernel records alone ("mini"), plus any of,
//     joined by '+': global (CUPTI_ACTIVITY_ATTR_PER_THREAD_ACTIVITY_BUFFER 0), driver (also
//     DRIVER records), runtime (also RUNTIME records), memset (also MEMSET records).
// It launches LAUNCHES/5 five times after a warm-up, syncs, flushes CUPTI (or, with none,
// with LAUNCH_LEAK_SLEEP set, sleeps 1.2 s so that a tracer's fold runs), and prints one JSON line:
// glibc's heap in use (mallinfo2) after each round and the bytes it grew per launch from round 1 to
// round 5.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

__global__ void kfun(int *p) {
  if (p)
    *p = 1;
}

static std::atomic<long> g_records{0}, g_buffers{0};
static const size_t kBuf = 8 << 20;

static void CUPTIAPI requested(uint8_t **b, size_t *size, size_t *max) {
  void *m = mmap(nullptr, kBuf, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  *b = m == MAP_FAILED ? nullptr : static_cast<uint8_t *>(m);
  *size = *b ? kBuf : 0;
  *max = 0;
}

static void CUPTIAPI completed(CUcontext, uint32_t, uint8_t *b, size_t, size_t valid) {
  CUpti_Activity *r = nullptr;
  long n = 0;
  while (cuptiActivityGetNextRecord(b, valid, &r) == CUPTI_SUCCESS)
    ++n;
  g_records += n;
  ++g_buffers;
  munmap(b, kBuf);
}

#define CK(x)                                                                                      \
  do {                                                                                             \
    auto e_ = (x);                                                                                 \
    if (e_ != 0) {                                                                                 \
      std::fprintf(stderr, "%s failed: %d\n", #x, (int)e_);                                        \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

int main(int argc, char **argv) {
  if (argc < 4)
    return 2;
  std::string mode = argv[1], client = argv[3];
  long launches = std::atol(argv[2]);
  bool mini = client.rfind("mini", 0) == 0;
  auto has = [&](const char *w) {
    return ("+" + client + "+").find(std::string("+") + w + "+") != std::string::npos;
  };
  uint32_t cuptiVersion = 0;
  cuptiGetVersion(&cuptiVersion);
  if (mini) {
    if (has("global")) {
      uint8_t off = 0;
      size_t sz = sizeof off;
      CK(cuptiActivitySetAttribute(CUPTI_ACTIVITY_ATTR_PER_THREAD_ACTIVITY_BUFFER, &sz, &off));
    }
    CK(cuptiActivityRegisterCallbacks(requested, completed));
    CK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
    if (has("driver"))
      CK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_DRIVER));
    if (has("runtime"))
      CK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_RUNTIME));
    if (has("memset"))
      CK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET));
  }
  CK(cudaFree(nullptr));
  CUfunction func = nullptr;
  CUkernel kern = nullptr;
  void *dptr = nullptr;
  CK(cudaMalloc(&dptr, 4096));
  if (mode == "drv") {
    cudaFunction_t f;
    CK(cudaGetFuncBySymbol(&f, (const void *)kfun));
    func = (CUfunction)f;
  } else if (mode == "kernel") {
    cudaKernel_t k;
    CK(cudaGetKernel(&k, kfun));
    func = (CUfunction)k;
  } else if (mode == "lib" || mode == "libfunc") {
    CUlibrary lib;
    CK(cuLibraryLoadFromFile(&lib, argc > 4 ? argv[4] : "kfun.cubin", nullptr, nullptr, 0, nullptr,
                             nullptr, 0));
    CK(cuLibraryGetKernel(&kern, lib, "kfun"));
    func = (CUfunction)kern;
    if (mode == "libfunc")
      CK(cuKernelGetFunction(&func, kern));
  }
  int *nullArg = nullptr;
  void *args[] = {&nullArg};
  auto launch = [&](long n) {
    for (long i = 0; i < n; ++i) {
      if (mode == "rt")
        kfun<<<1, 32>>>(nullptr);
      else if (mode == "memset")
        CK(cuMemsetD8Async((CUdeviceptr)dptr, 0, 256, 0));
      else if (mode == "rtmemset")
        CK(cudaMemsetAsync(dptr, 0, 256, 0));
      else
        CK(cuLaunchKernel(func, 1, 1, 1, 32, 1, 1, 0, 0, args, nullptr));
    }
    CK(cudaDeviceSynchronize());
    if (mini)
      cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    else if (std::getenv("LAUNCH_LEAK_SLEEP"))
      usleep(1200000); // a tracer's fold (HOSTSYNC_FOLD_MS 1000) runs meanwhile
  };
  launch(10000); // warm-up: lazy loading, first buffers
  size_t heap[6];
  heap[0] = mallinfo2().uordblks;
  long per = launches / 5;
  for (int r = 1; r <= 5; ++r) {
    launch(per);
    heap[r] = mallinfo2().uordblks;
  }
  double perLaunch = (double)((long long)heap[5] - (long long)heap[1]) / (double)(4 * per);
  std::printf("{\"mode\": \"%s\", \"client\": \"%s\", \"cupti_version\": %u, \"launches\": %ld, "
              "\"heap_in_use\": [%zu, %zu, %zu, %zu, %zu, %zu], \"bytes_per_launch\": %.1f, "
              "\"records\": %ld}\n",
              mode.c_str(), client.c_str(), cuptiVersion, launches, heap[0], heap[1], heap[2],
              heap[3], heap[4], heap[5], perLaunch, g_records.load());
  if (mini)
    cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  return 0;
}
