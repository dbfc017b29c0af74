#include "cupti/ApiCallRecorder.h"

#include "cupti/RuntimeApiName.h"
#include "model/ApiRegistry.h"

#include <algorithm>
#include <sys/syscall.h>
#include <unistd.h>
#include <unordered_map>

namespace hostsync::trace {

namespace {
// The system thread id (what CUPTI's activity records call threadId), read once per thread.
uint32_t threadId() {
  thread_local uint32_t tid = static_cast<uint32_t>(syscall(SYS_gettid));
  return tid;
}
} // namespace

ApiCallRecorder &ApiCallRecorder::instance() {
  static ApiCallRecorder *r = new ApiCallRecorder(); // never destroyed: used from atexit
  return *r;
}

void ApiCallRecorder::start(size_t max_calls, bool with_launches) {
  max_ = max_calls;
  with_launches_ = with_launches;
  running_ = true;
}

bool ApiCallRecorder::wants(const std::string &api) const {
  if (!analysesRead(api))
    return false;
  return with_launches_ || !launchesWork(api) || roleOf(api) != ApiRole::None;
}

void ApiCallRecorder::record(uint32_t cbid, Ns start, Ns end, uint32_t correlation, int32_t result,
                             const CallFacts &facts) {
  uint32_t thread = threadId();
  std::lock_guard<std::mutex> lock(mutex_);
  if (used_ >= max_) {
    ++over_cap_;
    return;
  }
  if (used_ / ChunkCalls == chunks_.size()) { // full: a chunk an earlier take gave back, or new
    if (spare_.empty()) {
      chunks_.emplace_back(new Call[ChunkCalls]);
    } else {
      chunks_.push_back(std::move(spare_.back()));
      spare_.pop_back();
    }
  }
  chunks_[used_ / ChunkCalls][used_ % ChunkCalls] = {start,       end,    thread, cbid,
                                                     correlation, result, facts};
  ++used_;
}

void ApiCallRecorder::takeInto(TraceModel &m) {
  std::vector<std::unique_ptr<Call[]>> chunks;
  size_t used = 0;
  uint64_t overCap = 0;
  {
    // Only the swap under the lock: the program's threads record while the calls are read.
    std::lock_guard<std::mutex> lock(mutex_);
    chunks.swap(chunks_);
    std::swap(used, used_);
    std::swap(overCap, over_cap_);
  }
  std::unordered_map<uint32_t, uint32_t> names; // cbid -> interned name
  size_t first = m.api.size();
  for (size_t i = 0; i < used; ++i) {
    const Call &c = chunks[i / ChunkCalls][i % ChunkCalls];
    auto it = names.find(c.cbid);
    if (it == names.end())
      it = names.emplace(c.cbid, m.intern(runtimeApiName(c.cbid))).first;
    ApiCall a;
    a.start = c.start;
    a.end = c.end;
    a.thread = c.thread;
    a.name = it->second;
    a.correlation = c.correlation;
    a.result = c.result;
    a.copy = c.facts.copy;
    a.copy_host = c.facts.host;
    a.launches_unseen = c.facts.unseen;
    a.copy_bytes = c.facts.bytes;
    a.returned = c.facts.returned;
    m.add(m.api, a);
  }
  std::sort(m.api.begin() + static_cast<long>(first), m.api.end(),
            [](const ApiCall &a, const ApiCall &b) { return a.start < b.start; });
  m.over_cap_records += overCap;
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto &chunk : chunks)
    if (spare_.size() < 4)
      spare_.push_back(std::move(chunk));
}

} // namespace hostsync::trace
