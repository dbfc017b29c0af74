// A run folded as it goes (analysis/RunFold) gives the totals one analysis of all its
// records gives, wherever the cuts fall: in gaps, inside kernels, inside waits and polling
// loops. The trace is a simulated training loop: two host threads, queued kernels on three
// streams of two devices, NCCL collectives, copies with stream syncs, polling loops, host
// work that leaves the GPU idle, tool overhead. Records reach the folder only once they have
// ended, as CUPTI hands them over.
#include "analysis/RunFold.h"
#include "analysis/Window.h"
#include "model/ApiRegistry.h"
#include "TraceBuilder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

using namespace hostsync::trace;
using namespace hostsync::trace::testing;

namespace {

struct Sim {
  Builder b;
  std::mt19937 rng{7};
  std::map<std::pair<uint32_t, uint32_t>, Ns> free; // (device, stream) -> when its queue drains
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

TraceModel simulatedRun() {
  Sim s;
  Ns t1 = 1 * ms, t2 = 1 * ms + 300 * us;
  for (int step = 0; step < 60; ++step) {
    for (int k = 0; k < 6; ++k)
      t1 = s.launch(1, t1 + s.pick(5, 40) * us, 0, 7, s.pick(50, 900) * us);
    // The other thread: work on its own stream, and a collective on NCCL's.
    for (int k = 0; k < 2; ++k)
      t2 = s.launch(2, std::max(t2, t1 - 200 * us) + s.pick(5, 60) * us, 0, 9,
                    s.pick(100, 600) * us);
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

// The model's names and counters, none of its records: what the folder starts from.
TraceModel emptied(const TraceModel &whole) {
  TraceModel m = whole;
  m.api.clear();
  m.gpu.clear();
  m.syncs.clear();
  m.overheads.clear();
  return m;
}

// Feeds the records that have ended by each flush time, folds at the safe cut, then at the
// end everything.
Summary folded(const TraceModel &whole, const std::vector<Ns> &flushes, size_t keep = 100000,
               Ns context = 2 * ms) {
  FoldOptions options;
  options.context_ns = context;
  options.keep_stalls = keep;
  RunFold fold(options);
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

void expectSame(const Summary &w, const Summary &f, const std::string &how) {
  SCOPED_TRACE(how);
  EXPECT_EQ(f.stall_count, w.stalls.size());
  EXPECT_EQ(f.stall_ns, w.stall_ns);
  EXPECT_EQ(f.bubble_ns, w.bubble_ns);
  EXPECT_EQ(f.window_ns, w.window_ns);
  EXPECT_EQ(f.launches, w.launches);
  EXPECT_EQ(f.launches_without_work, w.launches_without_work);
  EXPECT_EQ(f.records.api, w.records.api);
  EXPECT_EQ(f.records.gpu, w.records.gpu);
  EXPECT_EQ(f.records.overhead, w.records.overhead);
  ASSERT_EQ(f.sites.size(), w.sites.size());
  for (size_t i = 0; i < w.sites.size(); ++i) {
    EXPECT_EQ(f.sites[i].site, w.sites[i].site);
    EXPECT_EQ(f.sites[i].count, w.sites[i].count);
    EXPECT_EQ(f.sites[i].stall_ns, w.sites[i].stall_ns);
    EXPECT_EQ(f.sites[i].idle_charged_ns, w.sites[i].idle_charged_ns);
    EXPECT_EQ(f.sites[i].bytes, w.sites[i].bytes);
    EXPECT_NEAR(f.sites[i].p50_ns, w.sites[i].p50_ns, 0.023 * w.sites[i].p50_ns);
    EXPECT_NEAR(f.sites[i].p99_ns, w.sites[i].p99_ns, 0.023 * w.sites[i].p99_ns);
  }
  ASSERT_EQ(f.idle.size(), w.idle.size());
  for (size_t i = 0; i < w.idle.size(); ++i) {
    EXPECT_EQ(f.idle[i].device, w.idle[i].device);
    EXPECT_EQ(f.idle[i].window_start, w.idle[i].window_start);
    EXPECT_EQ(f.idle[i].window_end, w.idle[i].window_end);
    EXPECT_EQ(f.idle[i].busy_ns, w.idle[i].busy_ns);
    EXPECT_EQ(f.idle[i].idle_ns, w.idle[i].idle_ns);
    for (int c = 0; c < GapCauses; ++c)
      EXPECT_EQ(f.idle[i].cause_ns[c], w.idle[i].cause_ns[c]) << gapCauseName(GapCause(c));
  }
  EXPECT_EQ(f.overlap.gpu_busy_ns, w.overlap.gpu_busy_ns);
  EXPECT_EQ(f.overlap.multi_stream_ns, w.overlap.multi_stream_ns);
  EXPECT_EQ(f.overlap.copy_ns, w.overlap.copy_ns);
  EXPECT_EQ(f.overlap.copy_under_compute_ns, w.overlap.copy_under_compute_ns);
  ASSERT_EQ(f.overlap.streams.size(), w.overlap.streams.size());
  for (size_t i = 0; i < w.overlap.streams.size(); ++i)
    EXPECT_EQ(f.overlap.streams[i].busy_ns, w.overlap.streams[i].busy_ns);
  ASSERT_EQ(f.overlap.pairs.size(), w.overlap.pairs.size());
  for (size_t i = 0; i < w.overlap.pairs.size(); ++i)
    EXPECT_EQ(f.overlap.pairs[i].overlap_ns, w.overlap.pairs[i].overlap_ns);
  EXPECT_EQ(f.communication.collective_count, w.communication.collective_count);
  EXPECT_EQ(f.communication.comm_ns, w.communication.comm_ns);
  EXPECT_EQ(f.communication.hidden_ns, w.communication.hidden_ns);
  // The stall list, kept whole here: the same stalls with the same idle charged.
  ASSERT_EQ(f.stalls.size(), w.stalls.size());
  for (size_t i = 0; i < w.stalls.size(); ++i) {
    EXPECT_EQ(f.stalls[i].start, w.stalls[i].start);
    EXPECT_EQ(f.stalls[i].end, w.stalls[i].end);
    EXPECT_EQ(f.stalls[i].cls, w.stalls[i].cls);
    EXPECT_EQ(f.stall_idle_ns[i], w.stall_idle_ns[i]);
  }
}

} // namespace

TEST(RunFold, TheSimulatedRunHasEveryKindOfResult) {
  TraceModel m = simulatedRun();
  Summary w = summarize(m);
  EXPECT_GT(w.stalls.size(), 40u);
  ASSERT_EQ(w.idle.size(), 2u);
  for (int c = 0; c < GapCauses; ++c)
    EXPECT_GT(w.idle[0].cause_ns[c], 0) << gapCauseName(GapCause(c));
  EXPECT_GT(w.overlap.multi_stream_ns, 0);
  EXPECT_GT(w.communication.hidden_ns, 0);
  EXPECT_GT(w.communication.comm_ns, w.communication.hidden_ns);
}

TEST(RunFold, OneFoldOfEverythingIsTheWholeAnalysis) {
  TraceModel m = simulatedRun();
  expectSame(summarize(m), folded(m, {}), "one fold");
}

TEST(RunFold, FoldsAtAnyCutsAddUpToTheWholeAnalysis) {
  TraceModel m = simulatedRun();
  Summary w = summarize(m);
  Ns lo = m.api.front().start, hi = 0;
  for (const GpuActivity &g : m.gpu)
    hi = std::max(hi, g.end);
  // Evenly spaced flushes of several periods, and cuts placed on purpose: inside kernels,
  // inside waits (stream syncs and polling loops), inside idle gaps.
  for (Ns period : {300 * us, 1 * ms, 7 * ms, 50 * ms}) {
    std::vector<Ns> flushes;
    for (Ns t = lo + period; t < hi; t += period)
      flushes.push_back(t);
    expectSame(w, folded(m, flushes), "every " + std::to_string(period / us) + " us");
  }
  std::vector<Ns> inside;
  for (size_t i = 0; i < m.gpu.size(); i += 7)
    inside.push_back((m.gpu[i].start + m.gpu[i].end) / 2);
  for (const Stall &st : w.stalls)
    inside.push_back((st.start + st.end) / 2);
  for (const IdleGap &g : w.idle[0].gaps)
    inside.push_back((g.start + g.end) / 2);
  std::sort(inside.begin(), inside.end());
  expectSame(w, folded(m, inside), "cuts inside kernels, waits and gaps");
  // The same with almost no context kept: what reaches back is kept by rule, not by luck.
  expectSame(w, folded(m, inside, 100000, 1), "no context");
}

TEST(RunFold, TheStallListKeepsTheCostliest) {
  TraceModel m = simulatedRun();
  Summary w = summarize(m);
  Summary f = folded(m, {m.api[m.api.size() / 2].start}, 5);
  EXPECT_EQ(f.stall_count, w.stalls.size());
  ASSERT_EQ(f.stalls.size(), 5u);
  std::vector<Ns> costs;
  for (size_t i = 0; i < w.stalls.size(); ++i)
    costs.push_back(w.stalls[i].length() + w.stall_idle_ns[i]);
  std::sort(costs.rbegin(), costs.rend());
  for (size_t i = 0; i < f.stalls.size(); ++i)
    EXPECT_GE(f.stalls[i].length() + f.stall_idle_ns[i], costs[4]);
}

TEST(RunFold, MemoryHeldIsTheContextNotTheRun) {
  TraceModel m = simulatedRun();
  FoldOptions options;
  options.context_ns = 1 * ms;
  RunFold fold(options);
  fold.model() = emptied(m);
  size_t most = 0;
  Ns lo = m.api.front().start;
  std::vector<ApiCall> api = m.api;
  std::vector<GpuActivity> gpu = m.gpu;
  for (Ns flush = lo + ms; flush < lo + 400 * ms; flush += ms) {
    for (const ApiCall &a : api)
      if (a.end <= flush && a.end > flush - ms)
        fold.model().api.push_back(a);
    for (const GpuActivity &g : gpu)
      if (g.end <= flush && g.end > flush - ms)
        fold.model().gpu.push_back(g);
    fold.fold(fold.safeCut(flush));
    most = std::max(most, fold.model().api.size() + fold.model().gpu.size());
  }
  EXPECT_LT(most, (m.api.size() + m.gpu.size()) / 5);
}

TEST(RunFold, ProfilerWindowsAndSkippedWarmUpAsForOneModel) {
  TraceModel m = simulatedRun();
  // A window from the middle of the run on, marked by the program.
  Ns mid = m.api[m.api.size() / 2].start;
  ApiCall start;
  start.start = mid;
  start.end = mid + 1;
  start.thread = 1;
  start.name = m.intern("cudaProfilerStart");
  start.correlation = 999999;
  m.api.push_back(start);
  WindowInfo info;
  Summary w = summarize(restrictToProfilerWindows(m, info));
  expectSame(w, folded(m, {mid - 5 * ms, mid + 3 * ms, mid + 40 * ms}), "profiler window");
}

TEST(RunFold, TheWorstWindowIsShownAsItIsFound) {
  TraceModel m = simulatedRun();
  FoldOptions options;
  options.window_ns = 4 * ms;
  RunFold fold(options);
  fold.model() = emptied(m);
  std::vector<std::pair<TimeRange, Ns>> shown; // window, the costliest stall's length in it
  fold.onWorstWindow([&](const TraceModel &held, const Summary &s, const TimeRange &w) {
    Ns longest = 0;
    for (const Stall &st : s.stalls)
      if (st.start >= w.lo && st.end <= w.hi)
        longest = std::max(longest, st.length());
    shown.push_back({w, longest});
    EXPECT_FALSE(held.api.empty());
  });
  fold.model().api = m.api;
  fold.model().gpu = m.gpu;
  Ns lo = m.api.front().start;
  for (Ns cut = lo + 20 * ms; cut < lo + 400 * ms; cut += 20 * ms)
    fold.fold(cut);
  fold.fold(std::numeric_limits<Ns>::max());
  ASSERT_FALSE(shown.empty());
  EXPECT_TRUE(fold.showedWorst());
  // Each window holds its stall and at most window_ns besides.
  Ns longestOfRun = 0;
  for (const Stall &st : summarize(m).stalls)
    longestOfRun = std::max(longestOfRun, st.length());
  for (const auto &[w, longest] : shown) {
    EXPECT_GT(longest, 0);
    EXPECT_LE(w.hi - w.lo, options.window_ns + longest);
  }
  EXPECT_GE(shown.back().second * 2, longestOfRun); // the last is among the costliest
}
