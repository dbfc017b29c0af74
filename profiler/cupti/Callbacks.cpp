#include "cupti/Callbacks.h"

#include "cupti/RuntimeApiName.h"
#include "cupti/StackCapture.h"
#include "cupti/StepMarks.h"
#include "model/ApiRegistry.h"

#include <cuda_runtime_api.h>
#include <cupti.h>
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

// Which runtime callbacks are queries (cudaEventQuery, cudaStreamQuery): filled once at
// subscription, read in every callback.
bool g_isQuery[CUPTI_RUNTIME_TRACE_CBID_SIZE] = {};

void CUPTIAPI onCallback(void *, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                         const void *data) {
  if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
    auto *cb = static_cast<const CUpti_CallbackData *>(data);
    if (cbid < CUPTI_RUNTIME_TRACE_CBID_SIZE && g_isQuery[cbid]) {
      if (cb->callbackSite == CUPTI_API_EXIT && cb->functionReturnValue)
        StackCapture::instance().onQueryExit(
            cb->correlationId,
            static_cast<int>(*static_cast<const cudaError_t *>(cb->functionReturnValue)));
    } else if (cb->callbackSite == CUPTI_API_ENTER) {
      StackCapture::instance().onEnter();
    } else {
      StackCapture::instance().onExit(cb->correlationId);
    }
  } else if (domain == CUPTI_CB_DOMAIN_NVTX) {
    auto *nv = static_cast<const CUpti_NvtxData *>(data);
    StepMarks::instance().onRangeStart(rangeMessage(cbid, nv->functionParams));
  }
}
} // namespace

std::string subscribeCallbacks() {
  bool stacks = StackCapture::instance().running(), steps = StepMarks::instance().running();
  if (!stacks && !steps)
    return "";
  CUpti_SubscriberHandle subscriber;
  CUptiResult r = cuptiSubscribe(&subscriber, onCallback, nullptr);
  if (r != CUPTI_SUCCESS)
    return r == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED
               ? "another CUPTI subscriber is active, so no call stacks or steps"
               : "cannot subscribe to CUPTI callbacks, so no call stacks or steps";
  if (stacks)
    for (uint32_t cbid = 1; cbid < CUPTI_RUNTIME_TRACE_CBID_SIZE; ++cbid) {
      ApiRole role = roleOf(runtimeApiName(cbid));
      g_isQuery[cbid] = role == ApiRole::Query;
      if (role != ApiRole::None)
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
