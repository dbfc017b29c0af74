#include "model/TraceModel.h"

#include <algorithm>

namespace hostsync::trace {

const char *copyKindName(CopyKind K) {
  switch (K) {
  case CopyKind::HtoD:
    return "HtoD";
  case CopyKind::DtoH:
    return "DtoH";
  case CopyKind::DtoD:
    return "DtoD";
  case CopyKind::HtoH:
    return "HtoH";
  case CopyKind::PtoP:
    return "PtoP";
  case CopyKind::Other:
    break;
  }
  return "other";
}

const char *memoryKindName(MemoryKind K) {
  switch (K) {
  case MemoryKind::Pageable:
    return "pageable";
  case MemoryKind::Pinned:
    return "pinned";
  case MemoryKind::Device:
    return "device";
  case MemoryKind::Managed:
    return "managed";
  case MemoryKind::Other:
    break;
  }
  return "other";
}

const char *syncTypeName(SyncType T) {
  switch (T) {
  case SyncType::EventSync:
    return "event_synchronize";
  case SyncType::StreamWaitEvent:
    return "stream_wait_event";
  case SyncType::StreamSync:
    return "stream_synchronize";
  case SyncType::ContextSync:
    return "context_synchronize";
  case SyncType::Other:
    break;
  }
  return "other";
}

Ns TraceModel::lastEnd() const {
  Ns last = 0;
  for (const ApiCall &a : api)
    last = std::max(last, a.end);
  for (const GpuActivity &g : gpu)
    last = std::max(last, g.end);
  return last;
}

uint32_t TraceModel::intern(const std::string &s) {
  auto it = ids_.find(s);
  if (it != ids_.end())
    return it->second;
  uint32_t id = static_cast<uint32_t>(names_.size());
  names_.push_back(s);
  ids_.emplace(s, id);
  return id;
}

} // namespace hostsync::trace
