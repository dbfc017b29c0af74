// The facade: runs every analysis over a model and aggregates per call site. Pure: no
// printing, no files.
#pragma once

#include "analysis/Communication.h"
#include "analysis/GpuIdle.h"
#include "analysis/Overlap.h"
#include "analysis/Stalls.h"

#include <string>
#include <vector>

namespace hostsync::trace {

struct SiteCost {
  uint32_t site = 0; // interned call site (or API name)
  uint64_t count = 0;
  Ns stall_ns = 0, p50_ns = 0, p99_ns = 0;
  Ns idle_charged_ns = 0; // GPU idle of the sync bubbles these stalls caused
  uint64_t bytes = 0;
};

// One stall as the per-site table needs it.
struct StallCost {
  uint32_t site = 0;
  Ns length = 0;
  uint64_t bytes = 0;
  Ns idle = 0; // GPU idle charged to it
};
// The per-site table: count, totals and percentiles; costliest (GPU idle, then host stall)
// first. The tracer builds it at exit, the symbolize step again once sites have lines.
std::vector<SiteCost> costBySite(const std::vector<StallCost> &stalls);

struct Summary {
  std::vector<Stall> stalls;
  std::vector<Ns> stall_idle_ns; // GPU idle charged to each stall (same order as stalls)
  std::vector<DeviceIdle> idle;
  OverlapResult overlap;
  CommunicationResult communication;
  std::vector<SiteCost> sites; // by GPU idle charged, then host stall
  Ns window_ns = 0;            // first to last event of any kind
  Ns stall_ns = 0;             // all host stalls
  Ns bubble_ns = 0;            // all GPU idle charged to stalls
  // Kernel launches with no kernel record: another CUPTI client disabled or took over
  // activity recording (the PyTorch profiler does when it starts), or records were dropped.
  // Launches made while a stream was being captured into a CUDA graph run nothing (their
  // kernels run, and are recorded, when the graph is launched): counted apart.
  uint64_t launches = 0, launches_without_work = 0, launches_captured = 0;
};

Summary summarize(const TraceModel &m, Ns min_stall_ns = 20000);

// The p-quantile (0..1) of a sample, nearest rank; 0 for an empty one.
Ns percentile(std::vector<Ns> v, double p);

} // namespace hostsync::trace
