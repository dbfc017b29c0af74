#include "SimulatedRun.h"

#include "model/ApiRegistry.h"
#include "TraceBuilder.h"

#include <algorithm>
#include <map>
#include <random>
#include <unordered_map>

namespace hostsync::trace::testing {

namespace {
struct Sim {
  Builder b;
  std::mt19937 rng{7};
  std::map<std::pair<uint32_t, uint32_t>, Ns> free; // (device, stream) -> when its queue drains
  // At most one pick() per full expression: the order in which a call's arguments are
  // evaluated is unspecified (g++ goes right to left here, clang left to right), and the run
  // must be the same whichever compiler built the tests.
  Ns pick(Ns lo, Ns hi) { return std::uniform_int_distribution<Ns>(lo, hi)(rng); }

  // A launch on `thread` at `t`: its kernel runs once the stream is free.
  Ns launch(uint32_t thread, Ns t, uint32_t device, uint32_t stream, Ns length,
            const char *name = "gemm") {
    Ns end = t + pick(3, 8) * us;
    uint32_t corr = b.api("cudaLaunchKernel", t, end, thread);
    Ns &at = free[{device, stream}];
    at = std::max(at, end + 2 * us);
    b.kernel(corr, at, at + length, stream, device, name);
    at += length;
    return end;
  }
  // item(): a DtoH copy queued behind the stream, and the stream sync that waits for it.
  Ns item(uint32_t thread, Ns t, uint32_t device, uint32_t stream) {
    Ns end = t + 4 * us;
    uint32_t corr = b.api("cudaMemcpyAsync", t, end, thread);
    Ns &at = free[{device, stream}];
    at = std::max(at, end + 2 * us);
    b.copy(corr, at, at + 3 * us, CopyKind::DtoH, MemoryKind::Pageable, 4, stream);
    at += 3 * us;
    Ns back = std::max(end + 2 * us, at + 5 * us);
    b.api("cudaStreamSynchronize", end + us, back, thread);
    return back;
  }
  // A polling loop on an event: "not ready" until the stream drains.
  Ns poll(uint32_t thread, Ns t, uint32_t device, uint32_t stream) {
    Ns done = free[{device, stream}];
    while (t < done) {
      uint32_t corr = b.api("cudaEventQuery", t, t + 2 * us, thread);
      b.m.api.back().result = CudaErrorNotReady;
      (void)corr;
      t += pick(50, 400) * us;
    }
    b.api("cudaEventQuery", t, t + 2 * us, thread);
    return t + 2 * us;
  }
};

} // namespace

TraceModel simulatedRun() {
  Sim s;
  Ns t1 = 1 * ms, t2 = 1 * ms + 300 * us;
  for (int step = 0; step < 60; ++step) {
    // A kernel's length is drawn before the gap that precedes its launch: the order g++ has
    // always used, so the run the tests' windows were chosen against stays the same.
    for (int k = 0; k < 6; ++k) {
      Ns length = s.pick(50, 900) * us;
      t1 = s.launch(1, t1 + s.pick(5, 40) * us, 0, 7, length);
    }
    // The other thread: work on its own stream, and a collective on NCCL's.
    for (int k = 0; k < 2; ++k) {
      Ns length = s.pick(100, 600) * us;
      t2 = s.launch(2, std::max(t2, t1 - 200 * us) + s.pick(5, 60) * us, 0, 9, length);
    }
    // A collective: under compute, or (every third step) after the compute streams drain.
    Ns drained = std::max(s.free[{0, 7}], s.free[{0, 9}]);
    t2 = s.launch(2, step % 3 ? t2 + 10 * us : std::max(t2, drained), 0, 11, s.pick(200, 800) * us,
                  "ncclDevKernel_AllReduce");
    if (step % 5 == 0)
      s.launch(1, t1 + 20 * us, 1, 3, s.pick(100, 3000) * us); // the second device, now and then
    switch (step % 4) {
    case 0:
      t1 = s.item(1, t1 + 10 * us, 0, 7);
      break;
    case 1:
      t1 = s.poll(1, t1 + 10 * us, 0, 7);
      break;
    case 2:
      t1 = s.item(1, t1 + 10 * us, 0, 7) + s.pick(1, 3) * ms; // host work: the GPU idles
      break;
    default:
      break;
    }
    if (step % 7 == 3) {
      Overhead o;
      o.start = t1 + 50 * us;
      o.end = o.start + 300 * us;
      o.name = s.b.m.intern("overhead#1");
      s.b.m.add(s.b.m.overheads, o);
      t1 = o.end + 10 * us;
    }
    if (step % 9 == 8) // a device synchronize at the end of an "epoch"
      t1 = std::max(t1, s.free[{0, 7}]),
      s.b.api("cudaDeviceSynchronize", t1, std::max({t1, s.free[{0, 9}], s.free[{0, 11}]}) + us);
  }
  return s.b.m;
}

TraceModel sampledView(const TraceModel &whole, const SampleOptions &sample,
                       std::vector<SampleWindow> &windows) {
  windows.clear();
  SampleSchedule schedule(sample, 0);
  for (Ns open = schedule.nextOpen(0); open < whole.lastEnd(); open = schedule.nextOpen(open + 1))
    windows.push_back({open, open + sample.window_ns, false});
  auto inWindow = [&](Ns t) {
    return std::any_of(windows.begin(), windows.end(),
                       [&](const SampleWindow &w) { return w.open <= t && t <= w.close; });
  };
  TraceModel m = whole;
  std::unordered_map<uint32_t, const GpuActivity *> copyOf;
  for (const GpuActivity &g : whole.gpu)
    if (g.kind == GpuKind::Memcpy)
      copyOf[g.correlation] = &g;
  std::unordered_map<uint32_t, bool> outside; // calls made outside the windows
  m.api.clear();
  for (const ApiCall &a : whole.api) {
    outside[a.correlation] = !inWindow(a.start);
    // A call that only launches work: its callback is on only in windows (cupti/Callbacks).
    if (launchesWork(whole.name(a.name)) && roleOf(whole.name(a.name)) == ApiRole::None &&
        outside[a.correlation])
      continue;
    ApiCall kept = a;
    kept.launches_unseen = outside[a.correlation];
    if (auto c = copyOf.find(a.correlation); c != copyOf.end()) { // what its arguments say
      kept.copy = c->second->copy;
      kept.copy_bytes = c->second->bytes;
      MemoryKind host = c->second->copy == CopyKind::DtoH ? c->second->dst : c->second->src;
      if (outside[a.correlation]) // only there is the host memory asked
        kept.copy_host = host;
    }
    m.api.push_back(kept);
  }
  m.gpu.clear();
  for (const GpuActivity &g : whole.gpu)
    if (!outside[g.correlation])
      m.gpu.push_back(g);
  return m;
}

TraceModel emptied(const TraceModel &whole) {
  TraceModel m = whole;
  m.api.clear();
  m.gpu.clear();
  m.syncs.clear();
  m.overheads.clear();
  return m;
}

Summary folded(const TraceModel &whole, const std::vector<Ns> &flushes, size_t keep, Ns context,
               const std::function<void(RunFold &)> &setup) {
  FoldOptions options;
  options.context_ns = context;
  options.keep_stalls = keep;
  RunFold fold(options);
  if (setup)
    setup(fold);
  TraceModel &m = fold.model();
  m = emptied(whole);
  size_t ai = 0, gi = 0, oi = 0;
  std::vector<ApiCall> api = whole.api;
  std::vector<GpuActivity> gpu = whole.gpu;
  std::vector<Overhead> overheads = whole.overheads;
  auto byEnd = [](const auto &x, const auto &y) { return x.end < y.end; };
  std::stable_sort(api.begin(), api.end(), byEnd);
  std::stable_sort(gpu.begin(), gpu.end(), byEnd);
  std::stable_sort(overheads.begin(), overheads.end(), byEnd);
  for (Ns flush : flushes) {
    for (; ai < api.size() && api[ai].end <= flush; ++ai)
      m.api.push_back(api[ai]);
    for (; gi < gpu.size() && gpu[gi].end <= flush; ++gi)
      m.gpu.push_back(gpu[gi]);
    for (; oi < overheads.size() && overheads[oi].end <= flush; ++oi)
      m.overheads.push_back(overheads[oi]);
    fold.fold(fold.safeCut(flush));
  }
  m.api.insert(m.api.end(), api.begin() + static_cast<long>(ai), api.end());
  m.gpu.insert(m.gpu.end(), gpu.begin() + static_cast<long>(gi), gpu.end());
  m.overheads.insert(m.overheads.end(), overheads.begin() + static_cast<long>(oi), overheads.end());
  fold.fold(std::numeric_limits<Ns>::max());
  return fold.summary();
}

} // namespace hostsync::trace::testing
