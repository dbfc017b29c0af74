// Start-up, steady part and teardown (analysis/Phases.h): where a run's work starts and ends,
// by its launches or its step marks, in a series that coarsens as the run grows; and the
// phases of a run folded as it goes are those of one fold of all of it.
#include "analysis/Phases.h"
#include "analysis/RunFold.h"
#include "SimulatedRun.h"
#include "TraceBuilder.h"

#include <gtest/gtest.h>

using namespace hostsync::trace;
using namespace hostsync::trace::testing;

namespace {
int steady = static_cast<int>(Phase::Steady), startup = static_cast<int>(Phase::Startup),
    teardown = static_cast<int>(Phase::Teardown);

// A run: `setup` of host work with one 50 us sync at 1 ms (a model's move), then `steps`
// steps of 10 ms, each 100 launches, one 2 ms sync and 8 ms of GPU work, then 3 s of
// teardown with one more sync.
PhaseSeries trainingRun(Ns setup, int steps, uint32_t moveSite, uint32_t itemSite) {
  PhaseSeries p;
  p.setOrigin(0);
  p.addLaunches(1 * ms, 10);
  p.addSync(1 * ms, moveSite, 50 * us, true);
  p.addBusy(1 * ms, 1 * ms + 40 * us);
  for (int i = 0; i < steps; ++i) {
    Ns t = setup + i * 10 * ms;
    for (int k = 0; k < 100; ++k)
      p.addLaunches(t + k * 10 * us);
    p.addBusy(t + 1 * ms, t + 9 * ms);
    p.addSync(t + 7 * ms, itemSite, 2 * ms, true);
    p.addGap({t + 9 * ms, t + 10 * ms, GapCause::SyncBubble, 0}, itemSite);
  }
  Ns end = setup + steps * 10 * ms;
  p.addSync(end + 3000 * ms, moveSite, 5 * us, false);
  return p;
}
} // namespace

TEST(Phases, StartUpAndTeardownAreCutWhereTheLaunchesStartAndEnd) {
  PhaseSeries series = trainingRun(5 * 1000 * ms, 300, 1, 2);
  Phases ph = series.phases({});
  EXPECT_EQ(ph.how, "launches");
  const PhaseTotals &s = ph.part[steady];
  // The steady part starts within the first steps and ends within the last ones, to a
  // bucket's width (the series is 8.3 s long: 16 ms buckets).
  Ns w = series.width();
  EXPECT_LE(w, 16 * ms);
  EXPECT_NEAR(s.start, 5000 * ms + 3 * 10 * ms, 3 * 10 * ms + w);
  EXPECT_NEAR(s.end, 5000 * ms + 300 * 10 * ms, 3 * 10 * ms + w);
  // The move is start-up's, the item's syncs the steady part's (but for the first and last
  // few steps' on the far side of a cut), the last sync teardown's.
  EXPECT_EQ(ph.sites[1][startup].calls, 1u);
  EXPECT_EQ(ph.sites[1][steady].calls, 0u);
  EXPECT_EQ(ph.sites[1][teardown].calls, 1u);
  EXPECT_GE(ph.sites[2][steady].calls, 290u);
  EXPECT_EQ(ph.sites[2][startup].calls + ph.sites[2][steady].calls + ph.sites[2][teardown].calls,
            300u);
  // Every figure is a sum of whole buckets: the parts add up to the run's.
  uint64_t launches = 0;
  Ns busy = 0, bubble = 0;
  for (const PhaseTotals &p : ph.part) {
    launches += p.launches;
    busy += p.gpu_busy_ns;
    bubble += p.idle_ns[static_cast<int>(GapCause::SyncBubble)];
  }
  EXPECT_EQ(launches, 10u + 300u * 100u);
  EXPECT_EQ(busy, 40 * us + 300 * 8 * ms);
  EXPECT_EQ(bubble, 300 * ms);
  EXPECT_EQ(ph.sites[2][steady].idle_ns, s.idle_ns[static_cast<int>(GapCause::SyncBubble)]);
  // In the steady part the GPU is busy 8 of every 10 ms, idle 1 ms after the item's sync.
  EXPECT_NEAR(static_cast<double>(s.gpu_busy_ns) / static_cast<double>(s.gpuTimeNs()), 8.0 / 9,
              0.01);
}

TEST(Phases, StepMarksDecideWhereThereAreAny) {
  PhaseSeries series = trainingRun(2000 * ms, 50, 1, 2);
  std::vector<Ns> marks;
  for (int i = 10; i < 40; ++i)
    marks.push_back(2000 * ms + i * 10 * ms);
  Phases ph = series.phases(marks);
  EXPECT_EQ(ph.how, "steps");
  Ns w = series.width();
  EXPECT_NEAR(ph.part[steady].start, 2000 * ms + 100 * ms, w);
  EXPECT_NEAR(ph.part[steady].end, 2000 * ms + 400 * ms, w);
  EXPECT_NEAR(static_cast<double>(ph.sites[2][steady].calls), 30.0, 2.0);
}

TEST(Phases, AShortRunIsAllSteadyAndALongOneCoarsensInFixedMemory) {
  PhaseSeries few;
  few.addLaunches(5 * ms, 20);
  few.addSync(6 * ms, 3, 30 * us, true);
  Phases ph = few.phases({});
  EXPECT_EQ(ph.how, "whole run");
  EXPECT_EQ(ph.part[steady].syncs, 1u);
  EXPECT_EQ(ph.part[startup].syncs + ph.part[teardown].syncs, 0u);

  PhaseSeries hours; // ten hours of one launch a second
  hours.setOrigin(0);
  for (Ns t = 0; t < 36000LL * 1000 * ms; t += 1000 * ms)
    hours.addLaunches(t);
  EXPECT_LE(hours.buckets(), PhaseSeries::MaxBuckets);
  uint64_t total = 0;
  for (const PhaseTotals &p : hours.phases({}).part)
    total += p.launches;
  EXPECT_EQ(total, 36000u);
}

TEST(Phases, TheSteadyPartHasItsOwnOverlap) {
  // Start-up copies the data on a second stream under kernels; the steps run one stream.
  PhaseSeries series = trainingRun(5 * 1000 * ms, 300, 1, 2);
  OverlapResult loading;
  loading.multi_stream = {{100 * ms, 900 * ms}};
  loading.copies = {{100 * ms, 1000 * ms}};
  loading.copy_under_compute = {{100 * ms, 900 * ms}};
  series.addOverlap(loading);
  OverlapResult steps;
  steps.copies = {{5100 * ms, 5101 * ms}, {6100 * ms, 6101 * ms}}; // no kernel under them
  series.addOverlap(steps);
  Phases ph = series.phases({});
  EXPECT_EQ(ph.part[steady].multi_stream_ns, 0);
  EXPECT_EQ(ph.part[steady].copy_ns, 2 * ms);
  EXPECT_EQ(ph.part[steady].copy_under_compute_ns, 0);
  EXPECT_EQ(ph.part[startup].multi_stream_ns, 800 * ms);
  EXPECT_EQ(ph.part[startup].copy_under_compute_ns, 800 * ms);
}

TEST(Phases, AFoldedRunHasThePhasesOfOneFold) {
  TraceModel m = simulatedRun();
  Ns lo = m.api.front().start, hi = 0;
  for (const GpuActivity &g : m.gpu)
    hi = std::max(hi, g.end);
  Summary once = folded(m, {});
  std::vector<Ns> flushes;
  for (Ns t = lo + 3 * ms; t < hi; t += 3 * ms)
    flushes.push_back(t);
  Summary f = folded(m, flushes);
  EXPECT_EQ(once.phases.how, "launches");
  EXPECT_EQ(f.phases.how, once.phases.how);
  for (int k = 0; k < PhaseCount; ++k) {
    SCOPED_TRACE(phaseName(static_cast<Phase>(k)));
    EXPECT_EQ(f.phases.part[k].start, once.phases.part[k].start);
    EXPECT_EQ(f.phases.part[k].end, once.phases.part[k].end);
    EXPECT_EQ(f.phases.part[k].launches, once.phases.part[k].launches);
    EXPECT_EQ(f.phases.part[k].syncs, once.phases.part[k].syncs);
    EXPECT_EQ(f.phases.part[k].gpu_busy_ns, once.phases.part[k].gpu_busy_ns);
    for (int c = 0; c < GapCauses; ++c)
      EXPECT_EQ(f.phases.part[k].idle_ns[c], once.phases.part[k].idle_ns[c]);
    EXPECT_EQ(f.phases.part[k].multi_stream_ns, once.phases.part[k].multi_stream_ns);
    EXPECT_EQ(f.phases.part[k].copy_ns, once.phases.part[k].copy_ns);
    EXPECT_EQ(f.phases.part[k].copy_under_compute_ns, once.phases.part[k].copy_under_compute_ns);
  }
  // The run's overlap is in the phases, whole.
  Ns multi = 0, copies = 0, under = 0;
  for (const PhaseTotals &p : f.phases.part) {
    multi += p.multi_stream_ns;
    copies += p.copy_ns;
    under += p.copy_under_compute_ns;
  }
  EXPECT_GT(copies, 0);
  EXPECT_EQ(multi, f.overlap.multi_stream_ns);
  EXPECT_EQ(copies, f.overlap.copy_ns);
  EXPECT_EQ(under, f.overlap.copy_under_compute_ns);
  // The steady part's sites add up with the other parts to the run's.
  for (const SiteCost &c : f.sites) {
    ASSERT_TRUE(c.phased);
    EXPECT_EQ(c.phases[0].calls + c.phases[1].calls + c.phases[2].calls, c.count);
    EXPECT_EQ(c.phases[0].idle_ns + c.phases[1].idle_ns + c.phases[2].idle_ns, c.idle_charged_ns);
  }
  // The whole busy time is in the phases.
  Ns busy = 0;
  for (const PhaseTotals &p : f.phases.part)
    busy += p.gpu_busy_ns;
  Ns devices = 0;
  for (const DeviceIdle &d : f.idle)
    devices += d.busy_ns;
  EXPECT_EQ(busy, devices);
}
