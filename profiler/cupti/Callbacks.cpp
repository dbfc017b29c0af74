#include "cupti/Callbacks.h"

#include "cupti/ApiCallRecorder.h"
#include "cupti/Clock.h"
#include "cupti/RuntimeApiName.h"
#include "cupti/StackCapture.h"
#include "cupti/StepMarks.h"
#include "model/ApiRegistry.h"

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti.h>
#include <dlfcn.h>

#include <atomic>
#include <generated_nvtx_meta.h>

namespace hostsync::trace {

namespace {
// The message of an NVTX range start, if it is ASCII text.
const char *rangeMessage(CUpti_CallbackId cbid, const void *params) {
  const nvtxEventAttributes_t *attr = nullptr;
  switch (cbid) {
  case CUPTI_CBID_NVTX_nvtxRangePushA:
    return static_cast<const nvtxRangePushA_params *>(params)->message;
  case CUPTI_CBID_NVTX_nvtxRangeStartA:
    return static_cast<const nvtxRangeStartA_params *>(params)->message;
  case CUPTI_CBID_NVTX_nvtxRangePushEx:
    attr = static_cast<const nvtxRangePushEx_params *>(params)->eventAttrib;
    break;
  case CUPTI_CBID_NVTX_nvtxRangeStartEx:
    attr = static_cast<const nvtxRangeStartEx_params *>(params)->eventAttrib;
    break;
  default:
    return nullptr;
  }
  return attr && attr->messageType == NVTX_MESSAGE_TYPE_ASCII ? attr->message.ascii : nullptr;
}

bool g_launchesInWindows = false; // sampled mode (launchCallbacksInWindowsOnly)
// A window is open (setLaunchCallbacks): the copies' own records say what they were, and no
// time is added to the calls whose GPU idle the window measures.
std::atomic<bool> g_windowOpen{false};
// When the launch callbacks were last turned on: a launch that entered before had no entry
// callback, and its start slot holds nothing of its own.
std::atomic<Ns> g_windowOpenedAt{0};

// Is this host memory page-locked (cudaMallocHost, cudaHostRegister)? The driver knows the
// memory it pinned and not pageable memory (an error). libcuda is asked directly: a runtime
// call from inside a runtime callback would come back to it.
bool pinnedHost(const void *host) {
  using Get = CUresult (*)(void *, CUpointer_attribute, CUdeviceptr);
  static Get get = [] {
    void *cuda = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
    return cuda ? reinterpret_cast<Get>(dlsym(cuda, "cuPointerGetAttribute")) : nullptr;
  }();
  unsigned int type = 0;
  return get &&
         get(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, reinterpret_cast<CUdeviceptr>(host)) ==
             CUDA_SUCCESS &&
         type == CU_MEMORYTYPE_HOST;
}

// A copy's direction and size from its arguments, for the calls programs copy with
// (PyTorch's .cpu(), .item(), .to()), and in sampled mode whether its host memory is pinned:
// outside a sampled run's windows (--sample) there is no record of the copy to say them.
struct CopyArgs {
  CopyKind kind = CopyKind::Other;
  MemoryKind host = MemoryKind::Other; // asked only outside windows
  uint64_t bytes = 0;
};
// Outside a sampled run's windows (--sample) only: nothing else reads it.
bool outsideWindows() {
  return g_launchesInWindows && !g_windowOpen.load(std::memory_order_relaxed);
}
MemoryKind hostMemory(const void *host, bool outside) {
  if (!outside)
    return MemoryKind::Other;
  return pinnedHost(host) ? MemoryKind::Pinned : MemoryKind::Pageable;
}

// outside: the call was made outside a sampled run's windows (read once per call).
CopyArgs copyArgs(CUpti_CallbackId cbid, const void *params, bool outside) {
  // The four calls' parameter structs share their first fields' names, not a type.
  struct Args {
    cudaMemcpyKind kind;
    size_t count;
    const void *dst, *src;
  };
  auto of = [&](const auto *p) { return Args{p->kind, p->count, p->dst, p->src}; };
  Args a;
  switch (cbid) {
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020:
    a = of(static_cast<const cudaMemcpyAsync_v3020_params *>(params));
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_ptsz_v7000:
    a = of(static_cast<const cudaMemcpyAsync_ptsz_v7000_params *>(params));
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020:
    a = of(static_cast<const cudaMemcpy_v3020_params *>(params));
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_ptds_v7000:
    a = of(static_cast<const cudaMemcpy_ptds_v7000_params *>(params));
    break;
  default:
    return {};
  }
  CopyArgs out;
  out.bytes = a.count;
  const void *dst = a.dst, *src = a.src;
  cudaMemcpyKind kind = a.kind;
  switch (kind) {
  case cudaMemcpyHostToDevice:
    out.kind = CopyKind::HtoD;
    out.host = hostMemory(src, outside);
    break;
  case cudaMemcpyDeviceToHost:
    out.kind = CopyKind::DtoH;
    out.host = hostMemory(dst, outside);
    break;
  case cudaMemcpyDeviceToDevice:
    out.kind = CopyKind::DtoD;
    break;
  case cudaMemcpyHostToHost:
    out.kind = CopyKind::HtoH;
    break;
  default: // cudaMemcpyDefault: the pointers decide (unified addressing): left unknown
    break;
  }
  return out;
}

// What each runtime callback id is for: filled once at subscription, read in every callback.
enum : uint8_t { TakeStack = 1, PollStack = 2, Record = 4, AsyncCopy = 8, CopyCall = 16 };
uint8_t g_useOfCallback[CUPTI_RUNTIME_TRACE_CBID_SIZE] = {};
void (*g_firstCallHook)() = nullptr;
// Sampled mode: the ids that only launch work, switched with the windows.
CUpti_SubscriberHandle g_subscriber = nullptr;
bool g_launchOnly[CUPTI_RUNTIME_TRACE_CBID_SIZE] = {};
Ns g_expensiveNs = 0;
void (*g_expensiveHook)() = nullptr;
std::atomic<bool> g_firstCallSeen{false};

void CUPTIAPI onCallback(void *, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                         const void *data) {
  if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
    if (!g_firstCallSeen.load(std::memory_order_relaxed) && !g_firstCallSeen.exchange(true) &&
        g_firstCallHook)
      g_firstCallHook();
    auto *cb = static_cast<const CUpti_CallbackData *>(data);
    uint8_t use = cbid < CUPTI_RUNTIME_TRACE_CBID_SIZE ? g_useOfCallback[cbid] : 0;
    // The entry time waits in CUPTI's per-call slot: no thread-local state, and calls that
    // nest (a runtime call made inside another) keep their own.
    if (cb->callbackSite == CUPTI_API_ENTER) {
      *cb->correlationData = traceClockNs();
      if (use & TakeStack)
        StackCapture::instance().onEnter();
      return;
    }
    Ns start = static_cast<Ns>(*cb->correlationData), end = static_cast<Ns>(traceClockNs());
    int32_t result =
        cb->functionReturnValue
            ? static_cast<int32_t>(*static_cast<const cudaError_t *>(cb->functionReturnValue))
            : 0;
    // A launch whose entry came before its window opened has no start of its own.
    if ((use & Record) && g_launchOnly[cbid] &&
        start < g_windowOpenedAt.load(std::memory_order_relaxed))
      return;
    CallFacts facts;
    // Once, here: a window may open or close during this callback's own work below.
    facts.unseen = outsideWindows();
    if (use & CopyCall) {
      CopyArgs c = copyArgs(cbid, cb->functionParams, facts.unseen);
      facts.copy = c.kind;
      facts.host = c.host;
      facts.bytes = c.bytes;
    }
    if (use & PollStack)
      StackCapture::instance().onQueryExit(cb->correlationId, result);
    else if (use & TakeStack)
      StackCapture::instance().onExit(cb->correlationId, end - start, use & AsyncCopy);
    if ((use & (TakeStack | PollStack)) && g_expensiveHook && end - start >= g_expensiveNs)
      g_expensiveHook();
    if (use & Record) {
      // Recorded last: outside windows, the time this callback took is not the program's.
      facts.returned = facts.unseen ? static_cast<Ns>(traceClockNs()) : 0;
      ApiCallRecorder::instance().record(cbid, start, end, cb->correlationId, result, facts);
    }
  } else if (domain == CUPTI_CB_DOMAIN_NVTX) {
    auto *nv = static_cast<const CUpti_NvtxData *>(data);
    StepMarks::instance().onRangeStart(rangeMessage(cbid, nv->functionParams));
  }
}
} // namespace

void setFirstCallHook(void (*hook)()) { g_firstCallHook = hook; }

void launchCallbacksInWindowsOnly() { g_launchesInWindows = true; }

void setLaunchCallbacks(bool on) {
  if (on)
    g_windowOpenedAt = static_cast<Ns>(traceClockNs());
  g_windowOpen = on;
  if (!g_subscriber)
    return;
  for (uint32_t cbid = 1; cbid < CUPTI_RUNTIME_TRACE_CBID_SIZE; ++cbid)
    if (g_launchOnly[cbid])
      cuptiEnableCallback(on ? 1 : 0, g_subscriber, CUPTI_CB_DOMAIN_RUNTIME_API, cbid);
}

void setExpensiveSyncHook(int64_t threshold_ns, void (*hook)()) {
  g_expensiveNs = threshold_ns;
  g_expensiveHook = threshold_ns > 0 ? hook : nullptr;
}

std::string subscribeCallbacks() {
  bool stacks = StackCapture::instance().running(), steps = StepMarks::instance().running(),
       calls = ApiCallRecorder::instance().running();
  if (!stacks && !steps && !calls)
    return "";
  CUpti_SubscriberHandle subscriber;
  CUptiResult r = cuptiSubscribe(&subscriber, onCallback, nullptr);
  if (r != CUPTI_SUCCESS)
    return r == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED
               ? "another CUPTI subscriber is active, so no call stacks or steps"
               : "cannot subscribe to CUPTI callbacks, so no call stacks or steps";
  for (uint32_t cbid = 1; cbid < CUPTI_RUNTIME_TRACE_CBID_SIZE; ++cbid) {
    std::string name = runtimeApiName(cbid);
    ApiRole role = roleOf(name);
    uint8_t use = 0;
    if (stacks && role != ApiRole::None)
      use |= role == ApiRole::Query ? PollStack : TakeStack;
    if (role == ApiRole::Memcpy && name.find("Async") != std::string::npos)
      use |= AsyncCopy;
    if (role == ApiRole::Memcpy)
      use |= CopyCall;
    if (calls && ApiCallRecorder::instance().wants(name))
      use |= Record;
    g_useOfCallback[cbid] = use;
    g_launchOnly[cbid] = g_launchesInWindows && use == Record && launchesWork(name);
    if (use && !g_launchOnly[cbid])
      cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RUNTIME_API, cbid);
  }
  g_subscriber = subscriber;
  if (steps)
    for (CUpti_CallbackId cbid :
         {CUPTI_CBID_NVTX_nvtxRangePushA, CUPTI_CBID_NVTX_nvtxRangePushEx,
          CUPTI_CBID_NVTX_nvtxRangeStartA, CUPTI_CBID_NVTX_nvtxRangeStartEx})
      cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_NVTX, cbid);
  return "";
}

} // namespace hostsync::trace
