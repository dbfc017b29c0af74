#include "analysis/Stalls.h"

#include "model/ApiRegistry.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace hostsync::trace {

namespace {
// Outside a sampled run's windows, the longest a stream sync may follow its copy's call and be
// the same read-back (PyTorch's item() and .cpu(): a few microseconds apart).
constexpr Ns ReadBackGapNs = 100'000;

// What a copy was: from its record, or, with none (a sampled run records no copy's work outside
// its windows: --sample), from what its call's arguments said (ApiCall::copy...); its start on
// the GPU is then unknown (no earlier than the call's end can be told).
struct CopyFacts {
  CopyKind kind = CopyKind::Other;
  bool pageable = false;
  uint64_t bytes = 0;
  Ns start = 0;
};
std::optional<CopyFacts> copyFacts(const ApiCall &a, const GpuActivity *copy, bool async) {
  if (copy)
    return CopyFacts{copy->copy,
                     copy->src == MemoryKind::Pageable || copy->dst == MemoryKind::Pageable,
                     copy->bytes, copy->start};
  if (a.copy == CopyKind::Other)
    return std::nullopt;
  bool host = a.copy == CopyKind::DtoH || a.copy == CopyKind::HtoD;
  if (async && host && a.copy_host == MemoryKind::Other)
    return std::nullopt; // its host memory was not asked: nothing says whether it waited
  return CopyFacts{a.copy, a.copy_host == MemoryKind::Pageable, a.copy_bytes, 0};
}
} // namespace

const char *stallClassName(StallClass C) {
  switch (C) {
  case StallClass::ExplicitSync:
    return "explicit_sync";
  case StallClass::DeviceToHostCopy:
    return "device_to_host_copy";
  case StallClass::PageableCopy:
    return "pageable_copy";
  case StallClass::HostToDeviceCopy:
    return "host_to_device_copy";
  case StallClass::EventSync:
    return "event_sync";
  case StallClass::Memset:
    return "memset";
  case StallClass::ImplicitSync:
    return "implicit_sync";
  }
  return "explicit_sync";
}

std::vector<Stall> waitedOnly(std::vector<Stall> syncs) {
  syncs.erase(std::remove_if(syncs.begin(), syncs.end(), [](const Stall &s) { return !s.waited; }),
              syncs.end());
  return syncs;
}

std::vector<Stall> findStalls(const TraceModel &m, Ns min_ns) {
  std::unordered_map<uint32_t, const GpuActivity *> copyOf;
  for (const GpuActivity &g : m.gpu)
    if (g.kind == GpuKind::Memcpy)
      copyOf[g.correlation] = &g;
  // When did the GPU finish the work each launch queued? (launch start -> work end)
  std::unordered_map<uint32_t, Ns> launchStart;
  for (const ApiCall &a : m.api)
    launchStart[a.correlation] = a.start;
  std::vector<std::pair<Ns, Ns>> launchedEnds; // (launched at, finished at)
  for (const GpuActivity &g : m.gpu) {
    auto it = launchStart.find(g.correlation);
    if (it != launchStart.end())
      launchedEnds.push_back({it->second, g.end});
  }
  std::sort(launchedEnds.begin(), launchedEnds.end());
  // drainedBy[i]: when the GPU finished everything launched up to launchedEnds[i].
  std::vector<Ns> drainedBy(launchedEnds.size());
  for (size_t i = 0; i < launchedEnds.size(); ++i)
    drainedBy[i] = std::max(launchedEnds[i].second, i ? drainedBy[i - 1] : Ns(0));

  // The last DtoH copy each thread issued: a stream sync right after it is the copy's wait
  // (PyTorch's item() and .cpu() are cudaMemcpyAsync + cudaStreamSynchronize).
  std::unordered_map<uint32_t, std::optional<CopyFacts>> lastCopyOnThread;
  // A copy that was a sync itself (blocking, or through pageable memory), while the thread
  // has launched nothing since: the stream sync PyTorch makes after it (memcpy_and_sync, for
  // item(), a blocking .cpu() or .to("cuda")) is the same sync (index into out).
  std::unordered_map<uint32_t, size_t> readBackOf;
  std::vector<size_t> order(m.api.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return m.api[a].start < m.api[b].start; });

  // A polling loop: queries on one thread that answered "not ready", then one that
  // answered "done". The host waited from the first poll to the last: one stall, charged to
  // the last query (where the loop ended, and where its stack was taken).
  std::unordered_map<uint32_t, Ns> pollingSince;

  std::vector<Stall> out;
  for (size_t i : order) {
    const ApiCall &a = m.api[i];
    const std::string &name = m.name(a.name);
    ApiRole role = roleOf(name);
    const GpuActivity *copy = nullptr;
    if (auto it = copyOf.find(a.correlation); it != copyOf.end())
      copy = it->second;
    if (launchesWork(name))
      readBackOf.erase(a.thread);
    if (role == ApiRole::None) {
      // A thread that launches work between its queries is not waiting on them (the caching
      // allocator queries its events on every allocation): that ends a polling loop.
      if (launchesWork(name))
        pollingSince.erase(a.thread);
      continue;
    }
    Ns begin = a.start;
    if (role == ApiRole::Query && a.launches_unseen) {
      // Outside a sampled run's windows the launches between a thread's queries are not seen,
      // and with them what tells a polling loop from the caching allocator's queries at each
      // allocation: no loop is formed there (a real one is missed, not a false one made).
      pollingSince.erase(a.thread);
      continue;
    }
    if (role == ApiRole::Query) {
      auto polling = pollingSince.find(a.thread);
      if (a.result == CudaErrorNotReady) {
        if (polling == pollingSince.end())
          pollingSince[a.thread] = a.start;
        continue;
      }
      if (polling == pollingSince.end())
        continue; // a query that found the work done at once: no wait
      begin = polling->second;
      pollingSince.erase(polling);
    } else {
      pollingSince.erase(a.thread); // other sync calls end a polling loop unanswered
    }
    Stall s;
    s.api_index = i;
    s.thread = a.thread;
    s.start = begin;
    s.end = a.end;
    s.site = a.site ? a.site : a.name;
    s.api = a.name;
    s.correlation = a.correlation;
    s.stack = a.stack;
    switch (role) {
    case ApiRole::DeviceSync:
    case ApiRole::StreamSync: {
      auto rb = readBackOf.find(a.thread);
      // Outside a sampled run's windows no launch between the copy and this sync is seen:
      // the read-back is PyTorch's copy then synchronize, the one right after the other in
      // the program's time (from when the copy's call returned to it, after the tracer's
      // own work in its callback).
      if (rb != readBackOf.end() && a.launches_unseen &&
          a.start - std::max(out[rb->second].end, m.api[out[rb->second].api_index].returned) >
              ReadBackGapNs) {
        readBackOf.erase(rb);
        rb = readBackOf.end();
      }
      if (rb != readBackOf.end()) {
        Stall &readBack = out[rb->second]; // the same read-back: it ends here
        readBack.end = std::max(readBack.end, a.end);
        if (readBack.stack < 0 && a.stack >= 0) { // the copy kept no stack (a short one)
          readBack.stack = a.stack;
          readBack.site = s.site;
        }
        readBackOf.erase(rb);
        lastCopyOnThread.erase(a.thread);
        continue;
      }
      // Right after a copy it did not wait in: the wait for that copy.
      std::optional<CopyFacts> prev = lastCopyOnThread[a.thread];
      s.cls = !prev                          ? StallClass::ExplicitSync
              : prev->kind == CopyKind::DtoH ? StallClass::DeviceToHostCopy
              : prev->kind == CopyKind::HtoD ? StallClass::HostToDeviceCopy
                                             : StallClass::ExplicitSync;
      if (s.cls != StallClass::ExplicitSync)
        s.bytes = prev->bytes;
      lastCopyOnThread.erase(a.thread);
      break;
    }
    case ApiRole::EventSync:
    case ApiRole::Query:
      s.cls = StallClass::EventSync;
      break;
    case ApiRole::Memset:
      s.cls = StallClass::Memset;
      break;
    case ApiRole::ImplicitSync:
      s.cls = StallClass::ImplicitSync;
      break;
    case ApiRole::Memcpy: {
      bool async = name.find("Async") != std::string::npos;
      std::optional<CopyFacts> f = copyFacts(a, copy, async);
      // An asynchronous device-to-device copy never waits for the host: a long call is
      // launch overhead (or the GPU was idle and began it at once), not a stall.
      if (async && f && (f->kind == CopyKind::DtoD || f->kind == CopyKind::PtoP))
        continue;
      // An asynchronous copy call of which nothing is known shows no wait either: a long call
      // is launch cost (seen on an H100: sort's device-to-device cudaMemcpyAsync, 20-50 us,
      // taken for an "explicit sync"). Where such a copy does block (pageable memory),
      // PyTorch's read-back waits in the cudaStreamSynchronize that follows.
      if (async && !f)
        continue;
      if (f) {
        lastCopyOnThread[a.thread] = *f;
        if (async) {
          // Pinned host memory: the copy is queued like a kernel, however long the call took
          // (that is host overhead, not a wait).
          if (!f->pageable)
            continue;
          // It returned before the GPU reached it: no wait.
          if (a.end < f->start)
            continue;
          // From pageable memory to the device the driver stages the data and waits only for
          // its own buffers: a stall when that took long, never a sync of the queue.
          if (f->kind != CopyKind::DtoH && a.end - a.start < min_ns)
            continue;
        }
        s.bytes = f->bytes;
        s.cls = f->kind == CopyKind::DtoH ? StallClass::DeviceToHostCopy
                : f->pageable             ? StallClass::PageableCopy
                                          : StallClass::HostToDeviceCopy;
        readBackOf[a.thread] = out.size();
      }
      break;
    }
    default:
      break;
    }
    // GPU work launched before the wait began and still running then.
    auto firstAfter = std::lower_bound(
        launchedEnds.begin(), launchedEnds.end(), std::make_pair(s.start, Ns(0)),
        [](const std::pair<Ns, Ns> &a, const std::pair<Ns, Ns> &b) { return a.first < b.first; });
    size_t launchedBefore = static_cast<size_t>(firstAfter - launchedEnds.begin());
    Ns drained = launchedBefore ? std::max(s.start, drainedBy[launchedBefore - 1]) : s.start;
    s.queued_ns = std::min(drained, s.end) - s.start;
    out.push_back(s);
  }
  for (Stall &s : out)
    s.waited = s.length() >= min_ns;
  return out;
}

} // namespace hostsync::trace
