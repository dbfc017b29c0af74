#include "analysis/Communication.h"

#include "analysis/Intervals.h"

#include <algorithm>
#include <map>

namespace hostsync::trace {

bool isCommunicationKernel(const std::string &name) {
  // NCCL 2.19+ names its kernels ncclDevKernel_<Coll>_<Op>_<type>_<algo>_<proto> (C++,
  // so mangled: _Z..ncclDevKernel_...), older releases ncclKernel_...; the generic
  // fallbacks are ncclDevKernel_Generic* and ncclKernel_Generic*. PyTorch's own
  // process-group kernels on NCCL's stream (a copy, a division) are compute, not waits.
  return name.find("ncclDevKernel") != std::string::npos ||
         name.find("ncclKernel") != std::string::npos;
}

double CommunicationResult::hiddenPercent() const {
  return comm_ns ? 100.0 * static_cast<double>(hidden_ns) / static_cast<double>(comm_ns) : 0;
}

CommunicationResult findCommunication(const TraceModel &m, const TimeRange &within) {
  CommunicationResult r;
  std::map<uint32_t, std::vector<Span>> comm, compute;
  std::map<uint32_t, bool> isComm; // by interned name: a job has few distinct kernels
  for (const GpuActivity &g : m.gpu) {
    if (g.kind != GpuKind::Kernel)
      continue;
    auto it = isComm.find(g.name);
    if (it == isComm.end())
      it = isComm.emplace(g.name, isCommunicationKernel(m.name(g.name))).first;
    Span cut = within.clip(g.start, g.end);
    if (it->second) {
      comm[g.device].push_back(cut);
      if (within.holds(g.end))
        r.collectives.push_back({g.start, g.end, g.device, g.stream, g.name});
    } else {
      compute[g.device].push_back(cut);
    }
  }
  std::sort(r.collectives.begin(), r.collectives.end(),
            [](const Collective &a, const Collective &b) { return a.start < b.start; });
  r.collective_count = r.collectives.size();
  for (auto &[device, spans] : comm) {
    DeviceCommunication d;
    d.device = device;
    uint32_t on = device; // a structured binding cannot be captured before C++20
    d.collectives =
        static_cast<uint64_t>(std::count_if(r.collectives.begin(), r.collectives.end(),
                                            [on](const Collective &c) { return c.device == on; }));
    auto united = unite(spans);
    d.comm_ns = total(united);
    d.hidden_ns = total(intersect(united, unite(compute[device])));
    r.comm_ns += d.comm_ns;
    r.hidden_ns += d.hidden_ns;
    r.devices.push_back(d);
  }
  return r;
}

} // namespace hostsync::trace
