// Builds small synthetic traces for the analysis tests: each test adds the handful of
// events that make its case.
#pragma once

#include "model/TraceModel.h"

namespace hostsync::trace::testing {
constexpr Ns us = 1000, ms = 1000000;

struct Builder {
  TraceModel m;
  uint32_t next_corr = 1;
  uint32_t api(const char *name, Ns start, Ns end, uint32_t thread = 1) {
    ApiCall a;
    a.start = start;
    a.end = end;
    a.thread = thread;
    a.name = m.intern(name);
    a.correlation = next_corr++;
    m.add(m.api, a);
    return a.correlation;
  }
  void kernel(uint32_t corr, Ns start, Ns end, uint32_t stream = 7, uint32_t device = 0,
              const char *name = "") {
    GpuActivity g;
    g.kind = GpuKind::Kernel;
    g.name = m.intern(name);
    g.start = start;
    g.end = end;
    g.correlation = corr;
    g.stream = stream;
    g.device = device;
    m.add(m.gpu, g);
  }
  void copy(uint32_t corr, Ns start, Ns end, CopyKind k, MemoryKind host, uint64_t bytes,
            uint32_t stream = 7) {
    GpuActivity g;
    g.kind = GpuKind::Memcpy;
    g.start = start;
    g.end = end;
    g.correlation = corr;
    g.copy = k;
    g.stream = stream;
    (k == CopyKind::DtoH ? g.dst : g.src) = host;
    g.bytes = bytes;
    m.add(m.gpu, g);
  }
};

} // namespace hostsync::trace::testing
