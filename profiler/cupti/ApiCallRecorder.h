// Runtime API calls timed in CUPTI callbacks, instead of taken from CUPTI's runtime activity
// records. The runtime activity records cost the traced program 2-3 us per launch on an H100
// (CUPTI writes a record for every runtime call, PyTorch makes several per launch); a
// callback enabled on a few callback ids costs only the calls it is enabled on.
// So the default (--api launches) enables the ids of the calls the analyses read (see
// analysesRead) and times them here on the trace's clock: entry time kept in CUPTI's
// per-call slot, one locked append on exit. Chunks are allocated as they fill, never moved.
#pragma once

#include "model/TraceModel.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace hostsync::trace {

// What a call's exit callback knows of it besides its times (ApiCall's copy, copy_host,
// copy_bytes, launches_unseen and returned): a copy's direction, host memory and size from
// its arguments; whether it was recorded outside a sampled run's windows; and then when it
// returned to the program.
struct CallFacts {
  CopyKind copy = CopyKind::Other;
  MemoryKind host = MemoryKind::Other;
  uint64_t bytes = 0;
  bool unseen = false;
  Ns returned = 0;
};

class ApiCallRecorder {
public:
  static ApiCallRecorder &instance();
  // Keeps at most max_calls calls between two takes; later ones are counted as over the
  // cap. With with_launches false (--api syncs) the calls that only launch work are left out.
  void start(size_t max_calls, bool with_launches);
  // Is this runtime call (named as ApiRegistry names it) one to record?
  bool wants(const std::string &api) const;
  void stop() { running_ = false; }
  bool running() const { return running_; }
  // From the callback, on the call's exit.
  void record(uint32_t cbid, Ns start, Ns end, uint32_t correlation, int32_t result,
              const CallFacts &facts = {});
  // Moves the calls recorded since the last take to m.api, sorted by start, with their
  // names interned (the run is folded as it goes: analysis/RunFold).
  void takeInto(TraceModel &m);

private:
  ApiCallRecorder() = default;
  struct Call {
    Ns start, end;
    uint32_t thread, cbid, correlation;
    int32_t result;
    CallFacts facts;
  };
  static constexpr size_t ChunkCalls = 1 << 16;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Call[]>> chunks_, spare_; // spare_: taken chunks, reused
  size_t used_ = 0, max_ = 0;
  uint64_t over_cap_ = 0;
  bool running_ = false, with_launches_ = true;
};

} // namespace hostsync::trace
