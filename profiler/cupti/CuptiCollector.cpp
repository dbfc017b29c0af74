#include "cupti/CuptiCollector.h"

#include "cupti/Clock.h"
#include "cupti/CuptiCompat.h"
#include "cupti/RuntimeApiName.h"
#include "model/ApiRegistry.h"

#include <cstdlib>
#include <dlfcn.h>
#include <algorithm>
#include <cstring>
#include <iterator>
#include <utility>
#include <vector>
#include <unordered_map>

namespace hostsync::trace {

namespace {
using namespace cupti_compat;

CopyKind copyKind(uint8_t k) {
  switch (k) {
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD:
    return CopyKind::HtoD;
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH:
    return CopyKind::DtoH;
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD:
    return CopyKind::DtoD;
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH:
    return CopyKind::HtoH;
  case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP:
    return CopyKind::PtoP;
  default:
    return CopyKind::Other;
  }
}

MemoryKind memoryKind(uint8_t k) {
  switch (k) {
  case CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE:
    return MemoryKind::Pageable;
  case CUPTI_ACTIVITY_MEMORY_KIND_PINNED:
    return MemoryKind::Pinned;
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE:
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE_STATIC:
    return MemoryKind::Device;
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED:
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC:
    return MemoryKind::Managed;
  default:
    return MemoryKind::Other;
  }
}

SyncType syncType(CUpti_ActivitySynchronizationType t) {
  switch (t) {
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_EVENT_SYNCHRONIZE:
    return SyncType::EventSync;
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_WAIT_EVENT:
    return SyncType::StreamWaitEvent;
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_SYNCHRONIZE:
    return SyncType::StreamSync;
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE:
    return SyncType::ContextSync;
  default:
    return SyncType::Other;
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
  case CUPTI_ACTIVITY_KIND_RUNTIME:
    return "runtime API";
  case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
    return "kernel";
  case CUPTI_ACTIVITY_KIND_MEMCPY:
    return "memcpy";
  case CUPTI_ACTIVITY_KIND_MEMSET:
    return "memset";
  case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION:
    return "synchronization";
  case CUPTI_ACTIVITY_KIND_OVERHEAD:
    return "overhead";
  case CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION:
    return "external correlation";
  default:
    return "activity";
  }
}

uint64_t CUPTIAPI traceTimestamp() { return traceClockNs(); }

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

// Called on the thread whose call needs room for a record (CUPTI keeps a buffer per
// thread): the pool hands over a zero-filled buffer without touching it (buffers/BufferPool).
// None left: CUPTI drops the records and counts them (records.dropped).
void CuptiCollector::bufferRequested(uint8_t **buffer, size_t *size, size_t *max_records) {
  CuptiCollector &self = instance();
  ++self.buffers_requested_;
  *buffer = self.pool_->acquire();
  *size = *buffer ? self.pool_->bufferBytes() : 0;
  *max_records = 0;
}

void CuptiCollector::bufferCompleted(CUctx_st *ctx, uint32_t stream, uint8_t *buffer, size_t,
                                     size_t valid) {
  CuptiCollector &self = instance();
  ++self.buffers_completed_;
  size_t dropped = 0;
  if (cuptiActivityGetNumDroppedRecords(ctx, stream, &dropped) == CUPTI_SUCCESS && dropped) {
    std::lock_guard<std::mutex> lock(self.mutex_);
    self.model_.dropped_records += dropped;
  }
  self.consumer_->submit(buffer, valid); // read on the consumer thread, then back to the pool
}

void CuptiCollector::consume(const uint8_t *buffer, size_t valid) {
  std::lock_guard<std::mutex> lock(mutex_);
  static thread_local std::unordered_map<uint32_t, uint32_t> apiNames; // cbid -> interned
  CUpti_Activity *record = nullptr;
  // CUPTI's iterator takes a non-const buffer but only reads it.
  while (cuptiActivityGetNextRecord(const_cast<uint8_t *>(buffer), valid, &record) ==
         CUPTI_SUCCESS) {
    if (overCap()) {
      ++model_.over_cap_records;
      continue;
    }
    switch (record->kind) {
    case CUPTI_ACTIVITY_KIND_RUNTIME: {
      auto *r = reinterpret_cast<const ApiRecord *>(record);
      ApiCall a;
      a.start = static_cast<Ns>(r->start);
      a.end = static_cast<Ns>(r->end);
      a.thread = r->threadId;
      auto it = apiNames.find(r->cbid);
      if (it == apiNames.end())
        it = apiNames.emplace(r->cbid, model_.intern(runtimeApiName(r->cbid))).first;
      a.name = it->second;
      a.correlation = r->correlationId;
      a.result = static_cast<int32_t>(r->returnValue);
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
    case CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION: {
      auto *r = reinterpret_cast<const ExternalRecord *>(record);
      model_.external.push_back(
          {static_cast<uint32_t>(r->externalKind), r->externalId, r->correlationId});
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

bool CuptiCollector::overCap() const {
  size_t bytes = model_.api.size() * sizeof(ApiCall) + model_.gpu.size() * sizeof(GpuActivity) +
                 model_.syncs.size() * sizeof(hostsync::trace::SyncRecord) +
                 model_.overheads.size() * sizeof(Overhead) +
                 model_.external.size() * sizeof(ExternalLink);
  return bytes >= options_.max_bytes;
}

namespace {
// CONCURRENT_KERNEL, never KERNEL: the latter serialises kernels and would erase the
// overlap being measured.
const std::pair<const char *, CUpti_ActivityKind> knownKinds[] = {
    {"runtime", CUPTI_ACTIVITY_KIND_RUNTIME},
    {"kernel", CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL},
    {"memcpy", CUPTI_ACTIVITY_KIND_MEMCPY},
    {"memset", CUPTI_ACTIVITY_KIND_MEMSET},
    {"sync", CUPTI_ACTIVITY_KIND_SYNCHRONIZATION},
    {"overhead", CUPTI_ACTIVITY_KIND_OVERHEAD},
    {"external", CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION}};

// The runtime and external correlation records only where the API calls come from activity
// records (the external ones tie stacks to them); callbacks give both directly otherwise.
// The synchronization records neither: no analysis reads them (a stall is the call's own
// time, classified by the copy it caused), and on the H100 they cost 2-3 us per launch
// (docs/trace.md); --activities brings them back.
std::string defaultKinds(ApiRecording api) {
  return api == ApiRecording::All ? "runtime,kernel,memcpy,memset,sync,overhead,external"
                                  : "kernel,memcpy,memset,overhead";
}

// Sampled mode: the kinds a window turns on (those of the GPU's work among the kinds
// chosen; by default all three). Outside windows a copy's
// direction, size and host memory come from its call's arguments (cupti/Callbacks): CUPTI
// would hand a copy's record over only once a buffer fills, and a memcpy record costs every
// launch ~0.3 us on an H200 (docs/results/launch-cost-*-sampled*.json).
const CUpti_ActivityKind windowKinds[] = {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL,
                                          CUPTI_ACTIVITY_KIND_MEMSET, CUPTI_ACTIVITY_KIND_MEMCPY};
bool isWindowKind(int k) {
  return std::find(std::begin(windowKinds), std::end(windowKinds), k) != std::end(windowKinds);
}
} // namespace

std::string CuptiCollector::enable(const std::vector<int> &kinds) {
  for (size_t i = 0; i < kinds.size(); ++i) {
    auto k = static_cast<CUpti_ActivityKind>(kinds[i]);
    CUptiResult r = cuptiActivityEnable(k);
    if (r == CUPTI_SUCCESS)
      continue;
    for (size_t j = 0; j < i; ++j)
      cuptiActivityDisable(static_cast<CUpti_ActivityKind>(kinds[j]));
    return std::string("cannot enable CUPTI's ") + kindName(k) + " records: " + errorText(r) +
           (r == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED
                ? " (another CUPTI client, such as the PyTorch profiler or "
                  "Nsight, is active)"
                : "");
  }
  // Host-side bookkeeping calls are left out of the runtime records (see isBookkeeping):
  // after the kind is enabled, which would otherwise re-enable them.
  if (!options_.all_api &&
      std::find(kinds.begin(), kinds.end(), CUPTI_ACTIVITY_KIND_RUNTIME) != kinds.end())
    for (uint32_t cbid = 1; cbid < CUPTI_RUNTIME_TRACE_CBID_SIZE; ++cbid)
      if (isBookkeeping(runtimeApiName(cbid)))
        cuptiActivityEnableRuntimeApi(cbid, 0);
  return "";
}

std::string CuptiCollector::start(const CollectorOptions &options) {
  options_ = options;
  // Without a driver CUPTI fails with an unhelpful code: say what is missing instead.
  if (!dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD) && !dlopen("libcuda.so.1", RTLD_LAZY))
    return "no CUDA driver (libcuda.so.1 cannot be loaded)";
  std::vector<int> kinds;
  std::string list = options.kinds.empty() ? defaultKinds(options.api) : options.kinds;
  for (size_t at = 0; at <= list.size();) {
    size_t comma = std::min(list.find(',', at), list.size());
    std::string name = list.substr(at, comma - at);
    at = comma + 1;
    auto it = std::find_if(std::begin(knownKinds), std::end(knownKinds),
                           [&](const auto &k) { return name == k.first; });
    if (it == std::end(knownKinds))
      return "unknown activity kind '" + name +
             "' in HOSTSYNC_ACTIVITIES (runtime, kernel, memcpy, memset, sync, overhead, external)";
    kinds.push_back(it->second);
  }
  pool_ = std::make_unique<BufferPool>(
      options.buffer_bytes, std::max<size_t>(1, options.max_buffer_bytes / options.buffer_bytes));
  consumer_ = std::make_unique<ActivityConsumer>(
      *pool_, [this](const uint8_t *buffer, size_t valid) { consume(buffer, valid); });
  // Our buffers come zero-filled: CUPTI would otherwise zero each new one on the thread that
  // needs it, inside that thread's first recorded call (5.5 ms for 8 MB on an H100).
  uint8_t zeroed = 1;
  size_t zeroedSize = sizeof zeroed;
  cuptiActivitySetAttribute(CUPTI_ACTIVITY_ATTR_ZEROED_OUT_ACTIVITY_BUFFER, &zeroedSize, &zeroed);
  // Thread ids in runtime records as the callbacks and the rest of the system see them
  // (gettid: what ps, py-spy and threading.get_native_id show), not pthread_self's.
  cuptiSetThreadIdType(CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM);
  CUptiResult r = cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted);
  if (r != CUPTI_SUCCESS)
    return std::string("CUPTI unavailable: ") + errorText(r);
  // Before any kind is enabled, so that every record uses it (CUPTI's rule). Where it cannot
  // be had, the tracer's own readings follow CUPTI's clock instead.
  g_cuptiClock = options.cupti_clock ||
                 cuptiActivityRegisterTimestampCallback(traceTimestamp) != CUPTI_SUCCESS;
  if (!g_cuptiClock)
    model_.clock = "CLOCK_MONOTONIC";
  if (options.sampled) { // those wait for the first window
    std::copy_if(kinds.begin(), kinds.end(), std::back_inserter(windowKinds_), isWindowKind);
    kinds.erase(std::remove_if(kinds.begin(), kinds.end(), isWindowKind), kinds.end());
  }
  std::string err = enable(kinds);
  if (!err.empty())
    return err;
  // Only once tracing is on: a program that runs untraced gets no thread of ours.
  consumer_->start();
  running_ = true;
  return "";
}

void CuptiCollector::setWindowKinds(bool on) {
  for (int k : windowKinds_)
    on ? cuptiActivityEnable(static_cast<CUpti_ActivityKind>(k))
       : cuptiActivityDisable(static_cast<CUpti_ActivityKind>(k));
}

std::string CuptiCollector::enableRuntimeRecords() {
  // Runtime records wait in each calling thread's buffer, which a thread making few calls
  // never fills: only a forced flush hands them over in time for the fold.
  options_.periodic_flush_forced = true;
  return enable({CUPTI_ACTIVITY_KIND_RUNTIME});
}

void CuptiCollector::flush(bool last) {
  if (!running_)
    return;
  cuptiActivityFlushAll(last || options_.periodic_flush_forced ? CUPTI_ACTIVITY_FLAG_FLUSH_FORCED
                                                               : 0);
  consumer_->drain(); // every buffer CUPTI handed over is read
}

void CuptiCollector::takeRecords(TraceModel &into) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto nameOf = [&](uint32_t id) {
    if (id >= nameIn_.size())
      nameIn_.resize(id + 1, UINT32_MAX);
    if (nameIn_[id] == UINT32_MAX)
      nameIn_[id] = into.intern(model_.name(id));
    return nameIn_[id];
  };
  for (ApiCall &a : model_.api) {
    a.name = nameOf(a.name);
    into.api.push_back(a);
  }
  for (GpuActivity &g : model_.gpu) {
    g.name = nameOf(g.name);
    into.gpu.push_back(g);
  }
  for (Overhead &o : model_.overheads) {
    o.name = nameOf(o.name);
    into.overheads.push_back(o);
  }
  into.syncs.insert(into.syncs.end(), model_.syncs.begin(), model_.syncs.end());
  into.external.insert(into.external.end(), model_.external.begin(), model_.external.end());
  model_.api.clear();
  model_.gpu.clear();
  model_.overheads.clear();
  model_.syncs.clear();
  model_.external.clear();
  into.dropped_records += std::exchange(model_.dropped_records, 0);
  into.invalid_records += std::exchange(model_.invalid_records, 0);
  into.over_cap_records += std::exchange(model_.over_cap_records, 0);
  into.clock = model_.clock;
  if (pool_) // as it stands, for the periodic trace.json and HOSTSYNC_FOLD_STATS
    into.activity_buffers = pool_->stats().allocated;
}

void CuptiCollector::finish(TraceModel &into) {
  if (!running_)
    return;
  flush(true);
  running_ = false;
  // A buffer CUPTI never gave back went to another client's callbacks: someone (the
  // PyTorch profiler, Nsight...) registered theirs after ours, and its records are lost.
  uint64_t req = buffers_requested_.load(), done = buffers_completed_.load();
  into.lost_buffers = req > done ? req - done : 0;
  BufferPool::Stats pool = pool_->stats();
  into.activity_buffers = pool.allocated;
  into.activity_buffers_refused = pool.refused;
}

} // namespace hostsync::trace
