// The verdict (report/verdict/Verdict.h) on tiny runs built inline: each bound, the
// thresholds on either side, and the inputs with nothing to judge.
#include "render/VerdictText.h"
#include "verdict/Verdict.h"

#include "../trace/TraceBuilder.h"

#include <gtest/gtest.h>

using namespace hostsync::report;

namespace {
using hostsync::trace::testing::ms;
using hostsync::trace::testing::us;

// One run: its GPU's traced time and busy time, the idle after syncs, tool overhead and
// host-launched-nothing gaps (the trace's launch_bound_ns), and the work items issued.
TracedRun run(Ns window, Ns busy, Ns sync = 0, Ns host = 0, uint64_t items = 0, Ns overhead = 0) {
  TracedRun r;
  r.gpu_window_ns = window;
  r.gpu_busy_ns = busy;
  r.bubble_ns = sync;
  r.idle_host_ns = host;
  r.gpu_items = items;
  r.idle_overhead_ns = overhead;
  return r;
}

Bound boundOf(std::vector<TracedRun> runs) { return judgeVerdict(runs).bound; }
} // namespace

TEST(Verdict, NothingOnTheGpu) {
  Verdict none = judgeVerdict({});
  EXPECT_EQ(none.bound, Bound::NoGpu);
  EXPECT_EQ(boundOf({run(0, 0)}), Bound::NoGpu); // a trace with no GPU activity
  Verdict v = judgeVerdict({run(0, 0, 5 * ms, 5 * ms, 10)});
  EXPECT_EQ(v.bound, Bound::NoGpu); // stalls but no GPU time: the parts count for nothing
  EXPECT_EQ(v.idle_ns, 0);
  EXPECT_FALSE(v.syncs_minor); // the sites table stays as it is
  EXPECT_EQ(v.busyPct(), 0.0);
  EXPECT_EQ(verdictText(v), "No GPU activity: the trace records no kernel, copy or memset on a "
                            "GPU (or none that took time), so there is no GPU time to explain.");
}

TEST(Verdict, GpuBoundFromEightyPercentBusy) {
  EXPECT_EQ(boundOf({run(100 * ms, 80 * ms, 20 * ms)}), Bound::Gpu);
  EXPECT_EQ(boundOf({run(100 * ms, 80 * ms - 1, 20 * ms)}), Bound::Sync);
  Verdict full = judgeVerdict({run(10 * ms, 10 * ms)});
  EXPECT_EQ(full.bound, Bound::Gpu);
  EXPECT_TRUE(full.syncs_minor);
  EXPECT_EQ(verdictText(full), "GPU-bound: the GPU is busy 100.0% of its traced 10.000 ms; it was "
                               "never idle.");
}

TEST(Verdict, SyncBound) {
  // 40 ms idle: 30 after syncs, 10 the host launching nothing with 100 items (2 ms of
  // launching at most): the syncs explain the most.
  Verdict v = judgeVerdict({run(100 * ms, 60 * ms, 30 * ms, 10 * ms, 100)});
  EXPECT_EQ(v.bound, Bound::Sync);
  EXPECT_EQ(v.sync_ns, 30 * ms);
  EXPECT_EQ(v.launch_ns, 2 * ms);
  EXPECT_EQ(v.input_ns, 8 * ms);
  EXPECT_FALSE(v.syncs_minor);
  EXPECT_EQ(verdictText(v),
            "Sync-bound: the GPU is busy 60.0% of its traced 100.000 ms; of its idle time, 75.0% "
            "follows host syncs, 20.0% is the host busy elsewhere, with no launch to explain it "
            "(data loading, CPU work), 5.0% is the host launching work (short kernels, host "
            "overhead). Fix the syncs below first.");
  EXPECT_EQ(syncTableTitle(v), "Fix first");
}

TEST(Verdict, LaunchBoundLikeMnist) {
  // pytorch/examples' cpp/mnist as issue 34 measured it: GPU busy 7.8%, 0.2% of its time
  // idle after syncs; 4,600 launches explain 92 ms of idle at 20 us each.
  Verdict v = judgeVerdict({run(100 * ms, 7800 * us, 200 * us, 92 * ms, 4600)});
  EXPECT_EQ(v.bound, Bound::Launch);
  EXPECT_EQ(v.launch_ns, 92 * ms);
  EXPECT_EQ(v.input_ns, 0);
  EXPECT_TRUE(v.syncs_minor);
  EXPECT_EQ(verdictText(v),
            "Launch-bound: the GPU is busy 7.8% of its traced 100.000 ms; of its idle time, "
            "99.8% is the host launching work (short kernels, host overhead), 0.2% follows host "
            "syncs. Syncs are not this job's problem: fixing every one would give back at most "
            "0.2% of the GPU's time.");
  EXPECT_EQ(syncTableTitle(v), "Syncs (secondary: they explain 0.2% of the GPU's idle time)");
}

TEST(Verdict, InputBoundWhenLaunchesCannotExplainTheIdle) {
  // 50 ms of idle with the host launching nothing, 100 items: 2 ms of it is launching.
  Verdict v = judgeVerdict({run(100 * ms, 50 * ms, 0, 50 * ms, 100)});
  EXPECT_EQ(v.bound, Bound::Input);
  EXPECT_EQ(v.launch_ns, 2 * ms);
  EXPECT_EQ(v.input_ns, 48 * ms);
  // No launch recorded at all: every such gap is the host busy elsewhere.
  EXPECT_EQ(boundOf({run(100 * ms, 50 * ms, 0, 50 * ms, 0)}), Bound::Input);
}

TEST(Verdict, TheLaunchBudgetIsTwentyMicrosecondsAnItem) {
  // 2,500 items x 20 us = 50 ms: all of the 50 ms is launching, none is input.
  Verdict at = judgeVerdict({run(100 * ms, 50 * ms, 0, 50 * ms, 2500)});
  EXPECT_EQ(at.launch_ns, 50 * ms);
  EXPECT_EQ(at.input_ns, 0);
  // One item fewer leaves 20 us to input; half as many splits the idle evenly, and the tie
  // goes to launching.
  EXPECT_EQ(judgeVerdict({run(100 * ms, 50 * ms, 0, 50 * ms, 2499)}).input_ns, 20 * us);
  EXPECT_EQ(boundOf({run(100 * ms, 50 * ms, 0, 50 * ms, 1250)}), Bound::Launch);
  EXPECT_EQ(boundOf({run(100 * ms, 50 * ms, 0, 50 * ms, 1249)}), Bound::Input);
  // A count no budget multiplies without overflowing: launching explains all of it.
  EXPECT_EQ(judgeVerdict({run(100 * ms, 50 * ms, 0, 50 * ms, UINT64_MAX)}).launch_ns, 50 * ms);
}

TEST(Verdict, OverheadCountsAsLaunching) {
  Verdict v = judgeVerdict({run(100 * ms, 50 * ms, 0, 10 * ms, 0, 40 * ms)});
  EXPECT_EQ(v.bound, Bound::Launch);
  EXPECT_EQ(v.launch_ns, 40 * ms);
  EXPECT_EQ(v.input_ns, 10 * ms);
}

TEST(Verdict, SyncsAreMinorBelowTenPercentOfTheIdleTime) {
  // Idle 50 ms: 5 ms after syncs is 10.0%, not minor; a nanosecond less is.
  EXPECT_FALSE(judgeVerdict({run(100 * ms, 50 * ms, 5 * ms, 45 * ms, 0)}).syncs_minor);
  Verdict minor = judgeVerdict({run(100 * ms, 50 * ms, 5 * ms - 1, 45 * ms, 0)});
  EXPECT_TRUE(minor.syncs_minor);
  EXPECT_EQ(minor.bound, Bound::Input);
  // Not minor, not the bound: the text points at the table as it is.
  Verdict some = judgeVerdict({run(100 * ms, 50 * ms, 10 * ms, 40 * ms, 0)});
  EXPECT_EQ(some.bound, Bound::Input);
  EXPECT_NE(verdictText(some).find(" Syncs explain 20.0% of it: the sites below."),
            std::string::npos);
  // A GPU-bound job's few syncs are minor too.
  EXPECT_TRUE(judgeVerdict({run(100 * ms, 90 * ms, 500 * us, 9500 * us, 0)}).syncs_minor);
}

TEST(Verdict, IdleTheTraceDoesNotAttributeIsUnexplained) {
  // A trace written before the idle parts existed: its idle time has no cause.
  Verdict v = judgeVerdict({run(100 * ms, 50 * ms)});
  EXPECT_EQ(v.bound, Bound::Unexplained);
  EXPECT_EQ(v.unexplained_ns, 50 * ms);
  EXPECT_TRUE(v.syncs_minor);
  EXPECT_EQ(verdictText(v).rfind("Idle time unexplained: the GPU is busy 50.0% of its traced "
                                 "100.000 ms; of its idle time, 100.0% is not explained by the "
                                 "trace.",
                                 0),
            0u);
}

TEST(Verdict, TiesGoToSyncsThenLaunching) {
  EXPECT_EQ(boundOf({run(100 * ms, 40 * ms, 30 * ms, 30 * ms, 1500)}), Bound::Sync);
}

TEST(Verdict, PartsNeverAddUpPastTheIdleTime) {
  // A hand-made run claiming 30 ms after syncs and 30 ms more in 20 ms of idle time.
  Verdict v = judgeVerdict({run(100 * ms, 80 * ms - 1, 30 * ms, 30 * ms, 0, 30 * ms)});
  EXPECT_EQ(v.sync_ns + v.launch_ns + v.input_ns + v.unexplained_ns, v.idle_ns);
  EXPECT_EQ(v.sync_ns, v.idle_ns);
  // Busy longer than the window (which the trace reader refuses) leaves no idle time.
  EXPECT_EQ(judgeVerdict({run(10 * ms, 20 * ms, 5 * ms)}).idle_ns, 0);
}

TEST(Verdict, RunsAddUp) {
  // Two ranks: one launch-bound (30 ms), one after syncs (20 ms): launching explains the most.
  Verdict v = judgeVerdict(
      {run(100 * ms, 70 * ms, 0, 30 * ms, 10000), run(100 * ms, 80 * ms, 20 * ms, 0, 0)});
  EXPECT_EQ(v.gpu_window_ns, 200 * ms);
  EXPECT_EQ(v.busy_ns, 150 * ms);
  EXPECT_EQ(v.bound, Bound::Launch);
  EXPECT_EQ(v.gpu_items, 10000u);
  EXPECT_FALSE(v.syncs_minor); // 20 of 50 ms
}

// A sync the user marked intended (NOLINT: a timing boundary) decides nothing: its idle is
// named apart, and the bound is judged on what is left (the Quick start's own report once
// called itself sync-bound for its harness's timing barrier).
TEST(Verdict, SuppressedSyncsAreNamedApartAndDecideNothing) {
  // 60 ms idle: 50 after syncs, 45 of them after the intended one; 10 launching (500 items).
  std::vector<TracedRun> runs = {run(100 * ms, 40 * ms, 50 * ms, 10 * ms, 500)};
  EXPECT_EQ(judgeVerdict(runs).bound, Bound::Sync);
  Verdict v = judgeVerdict(runs, {45 * ms, {"harness.cpp:43, timing boundary"}});
  EXPECT_EQ(v.suppressed_ns, 45 * ms);
  EXPECT_EQ(v.sync_ns, 5 * ms);
  EXPECT_EQ(v.bound, Bound::Launch);
  EXPECT_TRUE(v.syncs_minor); // 5 of 60 ms
  EXPECT_EQ(verdictText(v),
            "Launch-bound: the GPU is busy 40.0% of its traced 100.000 ms; of its idle time, 16.7% "
            "is the host launching work (short kernels, host overhead), 8.3% follows host syncs "
            "(75.0% follows a suppressed sync: harness.cpp:43, timing boundary). Syncs are not "
            "this job's problem: fixing every one would give back at most 5.0% of the GPU's time.");
  // More than the idle after syncs cannot be set apart; all of it intended leaves the GPU's
  // own work as the bound.
  Verdict all = judgeVerdict({run(100 * ms, 40 * ms, 60 * ms)}, {90 * ms, {"a.cpp:1", "b.cpp:2"}});
  EXPECT_EQ(all.suppressed_ns, 60 * ms);
  EXPECT_EQ(all.sync_ns, 0);
  EXPECT_EQ(all.bound, Bound::Gpu);
  EXPECT_NE(verdictText(all).find("nothing is left to fix (100.0% follows suppressed syncs: "
                                  "a.cpp:1; b.cpp:2)"),
            std::string::npos)
      << verdictText(all);
}

TEST(Verdict, IntendedSyncsAreTheSuppressedFindingsSites) {
  Report r;
  StaticFinding kept, intended;
  intended.suppressed = true;
  intended.suppression_reason = "timing boundary";
  r.findings = {kept, intended};
  Site a, b, c; // their idle in the steady part of the run
  a.finding = 0;
  a.phases[SteadyPhase].idle_ns = 7;
  b.finding = 1;
  b.phases[SteadyPhase].idle_ns = 5;
  b.where = {"examples/common/harness.cpp", 43};
  c.finding = -1;
  c.phases[SteadyPhase].idle_ns = 3;
  r.sites = {a, b, c};
  IntendedSyncs i = intendedSyncs(r);
  EXPECT_EQ(i.idle_ns, 5);
  EXPECT_EQ(i.sites, (std::vector<std::string>{"harness.cpp:43, timing boundary"}));
}
