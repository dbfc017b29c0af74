#include "cupti/CuptiCollector.h"

#include "cupti/CuptiCompat.h"

#include <cstdlib>
#include <dlfcn.h>
#include <cstring>
#include <unordered_map>

namespace hostsync::trace {

namespace {
using namespace cupti_compat;

CopyKind copyKind(uint8_t k) {
  switch (k) {
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD: return CopyKind::HtoD;
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH: return CopyKind::DtoH;
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD: return CopyKind::DtoD;
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH: return CopyKind::HtoH;
  case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP: return CopyKind::PtoP;
  default: return CopyKind::Other;
  }
}

MemoryKind memoryKind(uint8_t k) {
  switch (k) {
  case CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE: return MemoryKind::Pageable;
  case CUPTI_ACTIVITY_MEMORY_KIND_PINNED: return MemoryKind::Pinned;
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE:
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE_STATIC: return MemoryKind::Device;
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED:
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC: return MemoryKind::Managed;
  default: return MemoryKind::Other;
  }
}

SyncType syncType(CUpti_ActivitySynchronizationType t) {
  switch (t) {
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_EVENT_SYNCHRONIZE: return SyncType::EventSync;
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_WAIT_EVENT: return SyncType::StreamWaitEvent;
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_SYNCHRONIZE: return SyncType::StreamSync;
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE: return SyncType::ContextSync;
  default: return SyncType::Other;
  }
}

// The fields every GPU activity record has, whatever its kind and layout version.
template <typename Record> GpuActivity gpuActivity(const Record *r, GpuKind kind) {
  GpuActivity g;
  g.kind = kind;
  g.start = static_cast<Ns>(r->start);
  g.end = static_cast<Ns>(r->end);
  g.device = r->deviceId;
  g.context = r->contextId;
  g.stream = r->streamId;
  g.correlation = r->correlationId;
  return g;
}

const char *kindName(CUpti_ActivityKind k) {
  switch (k) {
  case CUPTI_ACTIVITY_KIND_RUNTIME: return "runtime API";
  case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: return "kernel";
  case CUPTI_ACTIVITY_KIND_MEMCPY: return "memcpy";
  case CUPTI_ACTIVITY_KIND_MEMSET: return "memset";
  case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION: return "synchronization";
  case CUPTI_ACTIVITY_KIND_OVERHEAD: return "overhead";
  default: return "activity";
  }
}

const char *errorText(CUptiResult r) {
  const char *s = nullptr;
  cuptiGetResultString(r, &s);
  return s ? s : "unknown CUPTI error";
}
} // namespace

CuptiCollector &CuptiCollector::instance() {
  static CuptiCollector *c = new CuptiCollector(); // never destroyed: used from atexit
  return *c;
}

void CuptiCollector::bufferRequested(uint8_t **buffer, size_t *size, size_t *max_records) {
  size_t bytes = instance().buffer_bytes_;
  *buffer = static_cast<uint8_t *>(std::aligned_alloc(8, bytes));
  *size = *buffer ? bytes : 0;
  *max_records = 0;
}

void CuptiCollector::bufferCompleted(CUctx_st *ctx, uint32_t stream, uint8_t *buffer, size_t,
                                     size_t valid) {
  CuptiCollector &self = instance();
  self.consume(buffer, valid);
  size_t dropped = 0;
  if (cuptiActivityGetNumDroppedRecords(ctx, stream, &dropped) ==
          CUPTI_SUCCESS &&
      dropped) {
    std::lock_guard<std::mutex> lock(self.mutex_);
    self.model_.dropped_records += dropped;
  }
  std::free(buffer);
}

std::string CuptiCollector::apiName(uint32_t cbid) {
  const char *name = nullptr;
  if (cuptiGetCallbackName(CUPTI_CB_DOMAIN_RUNTIME_API, cbid, &name) != CUPTI_SUCCESS || !name)
    return "cudaRuntimeApi#" + std::to_string(cbid);
  std::string s(name); // "cudaStreamSynchronize_v3020": drop the version suffix
  size_t v = s.rfind("_v");
  return v != std::string::npos && v + 2 < s.size() &&
                 std::strspn(s.c_str() + v + 2, "0123456789") == s.size() - v - 2
             ? s.substr(0, v)
             : s;
}

void CuptiCollector::consume(uint8_t *buffer, size_t valid) {
  std::lock_guard<std::mutex> lock(mutex_);
  static thread_local std::unordered_map<uint32_t, uint32_t> apiNames; // cbid -> interned
  CUpti_Activity *record = nullptr;
  while (cuptiActivityGetNextRecord(buffer, valid, &record) == CUPTI_SUCCESS) {
    switch (record->kind) {
    case CUPTI_ACTIVITY_KIND_RUNTIME: {
      auto *r = reinterpret_cast<const ApiRecord *>(record);
      ApiCall a;
      a.start = static_cast<Ns>(r->start);
      a.end = static_cast<Ns>(r->end);
      a.thread = r->threadId;
      auto it = apiNames.find(r->cbid);
      if (it == apiNames.end())
        it = apiNames.emplace(r->cbid, model_.intern(apiName(r->cbid))).first;
      a.name = it->second;
      a.correlation = r->correlationId;
      model_.add(model_.api, a);
      break;
    }
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
      auto *r = reinterpret_cast<const KernelRecord *>(record);
      GpuActivity g = gpuActivity(r, GpuKind::Kernel);
      g.name = model_.intern(r->name ? r->name : "");
      model_.add(model_.gpu, g);
      break;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
      auto *r = reinterpret_cast<const MemcpyRecord *>(record);
      GpuActivity g = gpuActivity(r, GpuKind::Memcpy);
      g.copy = copyKind(r->copyKind);
      g.src = memoryKind(r->srcKind);
      g.dst = memoryKind(r->dstKind);
      g.bytes = r->bytes;
      model_.add(model_.gpu, g);
      break;
    }
    case CUPTI_ACTIVITY_KIND_MEMSET: {
      auto *r = reinterpret_cast<const MemsetRecord *>(record);
      GpuActivity g = gpuActivity(r, GpuKind::Memset);
      g.bytes = r->bytes;
      model_.add(model_.gpu, g);
      break;
    }
    case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION: {
      auto *r = reinterpret_cast<const SyncActivityRecord *>(record);
      hostsync::trace::SyncRecord s;
      s.start = static_cast<Ns>(r->start);
      s.end = static_cast<Ns>(r->end);
      s.type = syncType(r->type);
      s.context = r->contextId;
      s.stream = r->streamId;
      s.correlation = r->correlationId;
      model_.add(model_.syncs, s);
      break;
    }
    case CUPTI_ACTIVITY_KIND_OVERHEAD: {
      auto *r = reinterpret_cast<const OverheadRecord *>(record);
      Overhead o;
      o.start = static_cast<Ns>(r->start);
      o.end = static_cast<Ns>(r->end);
      o.name = model_.intern("overhead#" + std::to_string(static_cast<int>(r->overheadKind)));
      model_.add(model_.overheads, o);
      break;
    }
    default:
      break;
    }
  }
}

std::string CuptiCollector::start(size_t buffer_bytes) {
  buffer_bytes_ = buffer_bytes;
  // Without a driver CUPTI fails with an unhelpful code: say what is missing instead.
  if (!dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD) && !dlopen("libcuda.so.1", RTLD_LAZY))
    return "no CUDA driver (libcuda.so.1 cannot be loaded)";
  CUptiResult r = cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted);
  if (r != CUPTI_SUCCESS)
    return std::string("CUPTI unavailable: ") + errorText(r);
  // CONCURRENT_KERNEL, never KERNEL: the latter serialises kernels and would erase the
  // overlap being measured.
  const CUpti_ActivityKind kinds[] = {
      CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL,
      CUPTI_ACTIVITY_KIND_MEMCPY, CUPTI_ACTIVITY_KIND_MEMSET,
      CUPTI_ACTIVITY_KIND_SYNCHRONIZATION, CUPTI_ACTIVITY_KIND_OVERHEAD};
  for (CUpti_ActivityKind k : kinds) {
    r = cuptiActivityEnable(k);
    if (r != CUPTI_SUCCESS) {
      for (CUpti_ActivityKind done : kinds) {
        if (done == k)
          break;
        cuptiActivityDisable(done);
      }
      return std::string("cannot enable CUPTI's ") + kindName(k) + " records: " +
             errorText(r) + (r == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED
                                 ? " (another CUPTI client, such as the PyTorch profiler or "
                                   "Nsight, is active)"
                                 : "");
    }
  }
  running_ = true;
  return "";
}

TraceModel &CuptiCollector::finish() {
  if (running_) {
    cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    running_ = false;
  }
  return model_;
}

} // namespace hostsync::trace
