#include "cupti/Callbacks.h"

#include "cupti/ApiCallRecorder.h"
#include "cupti/Clock.h"
#include "cupti/RuntimeApiName.h"
#include "cupti/StackCapture.h"
#include "cupti/StepMarks.h"
#include "model/ApiRegistry.h"

#include <cuda_runtime_api.h>
#include <cupti.h>

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

// What each runtime callback id is for: filled once at subscription, read in every callback.
enum : uint8_t { TakeStack = 1, PollStack = 2, Record = 4, AsyncCopy = 8 };
uint8_t g_useOfCallback[CUPTI_RUNTIME_TRACE_CBID_SIZE] = {};
void (*g_firstCallHook)() = nullptr;
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
    if (use & Record)
      ApiCallRecorder::instance().record(cbid, start, end, cb->correlationId, result);
    if (use & PollStack)
      StackCapture::instance().onQueryExit(cb->correlationId, result);
    else if (use & TakeStack)
      StackCapture::instance().onExit(cb->correlationId, end - start, use & AsyncCopy);
  } else if (domain == CUPTI_CB_DOMAIN_NVTX) {
    auto *nv = static_cast<const CUpti_NvtxData *>(data);
    StepMarks::instance().onRangeStart(rangeMessage(cbid, nv->functionParams));
  }
}
} // namespace

void setFirstCallHook(void (*hook)()) { g_firstCallHook = hook; }

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
    if (calls && ApiCallRecorder::instance().wants(name))
      use |= Record;
    g_useOfCallback[cbid] = use;
    if (use)
      cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RUNTIME_API, cbid);
  }
  if (steps)
    for (CUpti_CallbackId cbid :
         {CUPTI_CBID_NVTX_nvtxRangePushA, CUPTI_CBID_NVTX_nvtxRangePushEx,
          CUPTI_CBID_NVTX_nvtxRangeStartA, CUPTI_CBID_NVTX_nvtxRangeStartEx})
      cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_NVTX, cbid);
  return "";
}

} // namespace hostsync::trace
