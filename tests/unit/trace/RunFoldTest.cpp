// A run folded as it goes (analysis/RunFold) gives the totals one analysis of all its
// records gives, wherever the cuts fall: in gaps, inside kernels, inside waits and polling
// loops, on a simulated training loop (SimulatedRun.h).
#include "analysis/RunFold.h"
#include "analysis/Window.h"
#include "model/ApiRegistry.h"
#include "SimulatedRun.h"
#include "TraceBuilder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

using namespace hostsync::trace;
using namespace hostsync::trace::testing;

namespace {

void expectSame(const Summary &w, const Summary &f, const std::string &how) {
  SCOPED_TRACE(how);
  EXPECT_EQ(f.sync_count, w.stalls.size());
  EXPECT_EQ(f.stall_count, w.stall_count);
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
    EXPECT_EQ(f.sites[i].waited, w.sites[i].waited);
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
  EXPECT_EQ(f.sync_count, w.stalls.size());
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
