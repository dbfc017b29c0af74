// Two time slices of a small synthetic run, as the tracer appends them to a .perfetto-trace
// file one after the other: shared by PerfettoTraceTest and hostsync-perfetto-sample (the lit
// test's writer, tests/lit/trace/perfetto-proto.test). The second slice repeats the first's
// names (interned once) and adds a stream and a kernel name of its own.
#pragma once

#include "analysis/Summary.h"
#include "TraceBuilder.h"

#include <vector>

namespace hostsync::trace::testing {

struct SampleSlice {
  TraceModel m;
  Summary s;
};

// In each step, on thread 11: a kernel launch, then item() (a DtoH copy and a stream sync:
// a stall, and a sync bubble on the GPU), then another launch.
inline void sampleStep(Builder &b, Ns t, uint32_t stream, const char *kernel) {
  uint32_t k = b.api("cudaLaunchKernel", t, t + 10 * us, 11);
  b.kernel(k, t + 20 * us, t + 5 * ms, stream, 0, "gemm_kernel");
  uint32_t c = b.api("cudaMemcpyAsync", t + 30 * us, t + 40 * us, 11);
  b.copy(c, t + 5 * ms, t + 5 * ms + 2 * us, CopyKind::DtoH, MemoryKind::Pinned, 4, stream);
  b.m.gpu.back().src = MemoryKind::Device;
  b.api("cudaStreamSynchronize", t + 50 * us, t + 5 * ms + 10 * us, 11);
  uint32_t k2 = b.api("cudaLaunchKernel", t + 6 * ms, t + 6 * ms + 10 * us, 11);
  b.kernel(k2, t + 6 * ms + 20 * us, t + 8 * ms, stream, 0, kernel);
}

inline std::vector<SampleSlice> perfettoSampleSlices() {
  std::vector<SampleSlice> slices;
  Builder first;
  sampleStep(first, 1 * ms, 7, "relu_kernel");
  sampleStep(first, 11 * ms, 7, "relu_kernel");
  Builder second;
  second.next_corr = 100; // correlation ids go on rising through a run
  sampleStep(second, 21 * ms, 7, "relu_kernel");
  sampleStep(second, 31 * ms, 8, "softmax_kernel");
  for (Builder *b : {&first, &second})
    slices.push_back({b->m, summarize(b->m)});
  return slices;
}

} // namespace hostsync::trace::testing
