// Collective communication on the GPU: NCCL's kernels (what torch.distributed runs under
// torchrun and DDP/FSDP), told apart from compute by name. Per device: how long
// communication ran, how much of it ran under compute kernels (hidden) and how much the
// step waited for (exposed); and each collective in order, which hostsync-report lines up
// across the ranks of a job to find the rank the others waited for.
#pragma once

#include "analysis/Intervals.h"
#include "model/TraceModel.h"

#include <string>
#include <vector>

namespace hostsync::trace {

// Is this kernel (CUPTI's name, mangled or not) one of NCCL's communication kernels?
bool isCommunicationKernel(const std::string &name);

struct Collective {
  Ns start = 0, end = 0;
  uint32_t device = 0, stream = 0;
  uint32_t name = 0; // interned kernel name
};

struct DeviceCommunication {
  uint32_t device = 0;
  uint64_t collectives = 0;
  Ns comm_ns = 0;   // union of the communication kernels
  Ns hidden_ns = 0; // of which compute kernels ran at the same time on the device
};

struct CommunicationResult {
  std::vector<Collective> collectives; // by start (a folded run lists the first 100,000)
  uint64_t collective_count = 0;       // all of them
  std::vector<DeviceCommunication> devices;
  Ns comm_ns = 0, hidden_ns = 0; // sums over devices
  double hiddenPercent() const;  // of comm_ns
};

// Times cut to `within`; the collectives that end in it (a record comes when work ends).
CommunicationResult findCommunication(const TraceModel &m, const TimeRange &within = {});

} // namespace hostsync::trace
