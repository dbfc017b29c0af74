// A sampled run (--sample: analysis/SampleSchedule, SampledGpu, SampleEstimate) against the
// same run recorded whole: every sync is counted and timed exactly, and the GPU's busy time
// and the idle after each site's syncs, estimated from the windows, hold the whole run's
// figures within their 95% intervals (in at least 17 of 20 runs of different seeds).
#include "analysis/RunFold.h"
#include "analysis/SampleEstimate.h"
#include "analysis/SampleSchedule.h"
#include "SimulatedRun.h"
#include "TraceBuilder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace hostsync::trace;
using namespace hostsync::trace::testing;

namespace {

// A training loop on one stream: a burst of kernels, a read-back (item(): a copy to the host
// and a stream sync) at train.py:10, host work that leaves the GPU idle; every fourth step a
// long kernel and a second read-back at train.py:20, with longer host work after it.
// slow: windows inside which each launch costs the host `extra` more (a tracer recording
// there), as a sampled run's windows slow the program they record.
// kernelMax: the longest of the burst's kernels (short ones: the loop is launch-bound).
TraceModel trainingLoop(uint32_t seed, Ns length, const std::vector<SampleWindow> &slow = {},
                        Ns extra = 0, Ns kernelMax = 300 * us) {
  auto slowed = [&](Ns t) {
    return std::any_of(slow.begin(), slow.end(),
                       [&](const SampleWindow &w) { return w.open <= t && t <= w.close; });
  };
  Builder b;
  std::mt19937 rng(seed);
  auto pick = [&](Ns lo, Ns hi) { return std::uniform_int_distribution<Ns>(lo, hi)(rng); };
  Ns t = 1 * ms, free = 0;
  // A copy to pageable memory: the call returns once the copy is done; the stream sync after
  // it finds nothing left.
  auto readBack = [&](const char *site) {
    uint32_t corr = b.next_corr;
    free = std::max(free, t + 2 * us);
    b.copy(corr, free, free + 3 * us, CopyKind::DtoH, MemoryKind::Pageable, 4);
    free += 3 * us;
    Ns end = free + 4 * us;
    b.api("cudaMemcpyAsync", t, end);
    b.m.api.back().site = b.m.intern(site);
    b.api("cudaStreamSynchronize", end + us, end + 3 * us);
    b.m.api.back().site = b.m.intern(site);
    t = end + 3 * us;
  };
  for (int step = 0; t < length; ++step) {
    int kernels = static_cast<int>(pick(10, 30));
    for (int k = 0; k < kernels; ++k) {
      Ns len = pick(std::min<Ns>(40, kernelMax / us / 2), kernelMax / us) * us;
      Ns end = t + pick(4, 8) * us + (slowed(t) ? extra : 0);
      uint32_t corr = b.api("cudaLaunchKernel", t, end);
      free = std::max(free, end + 2 * us);
      b.kernel(corr, free, free + len);
      free += len;
      t = end + pick(2, 20) * us;
    }
    readBack("train.py:10");
    t += pick(100, 1500) * us;
    if (step % 4 == 3) {
      Ns len = pick(500, 2000) * us; // a long kernel, waited for
      uint32_t corr = b.api("cudaLaunchKernel", t, t + 5 * us);
      free = std::max(free, t + 7 * us);
      b.kernel(corr, free, free + len);
      free += len;
      t += 10 * us;
      readBack("train.py:20");
      t += pick(2000, 6000) * us;
    }
  }
  return b.m;
}

// The run folded as it goes, whole or as a sampled tracer records it (sampledView), the
// windows reported as they open and close.
Summary fold(const TraceModel &whole, const SampleOptions *sample) {
  FoldOptions options;
  options.context_ns = 50 * ms;
  options.sampled = sample != nullptr;
  if (sample)
    options.sample = *sample;
  RunFold fold(options);
  std::vector<SampleWindow> windows;
  TraceModel seen = sample ? sampledView(whole, *sample, windows) : whole;
  TraceModel &m = fold.model();
  m = emptied(seen);
  std::vector<ApiCall> api = seen.api;
  std::vector<GpuActivity> gpu = seen.gpu;
  auto byEnd = [](const auto &x, const auto &y) { return x.end < y.end; };
  std::stable_sort(api.begin(), api.end(), byEnd);
  std::stable_sort(gpu.begin(), gpu.end(), byEnd);
  size_t ai = 0, gi = 0, wi = 0;
  for (Ns flush = 250 * ms; ai < api.size() || gi < gpu.size(); flush += 250 * ms) {
    for (; ai < api.size() && api[ai].end <= flush; ++ai)
      m.api.push_back(api[ai]);
    for (; gi < gpu.size() && gpu[gi].end <= flush; ++gi)
      m.gpu.push_back(gpu[gi]);
    for (; wi < windows.size() && windows[wi].open <= flush; ++wi) {
      SampleWindow w = windows[wi];
      if (w.close > flush) { // still open: reported again once it closes
        m.sample_windows.push_back({w.open, 0, false});
        break;
      }
      m.sample_windows.push_back(w);
    }
    fold.fold(fold.safeCut(flush));
  }
  for (; wi < windows.size(); ++wi)
    m.sample_windows.push_back(windows[wi]);
  fold.fold(Never);
  return fold.summary();
}

const SiteCost &siteNamed(const Summary &s, const TraceModel &m, const char *name) {
  for (const SiteCost &c : s.sites)
    if (m.name(c.site) == name)
      return c;
  throw std::runtime_error(std::string("no site ") + name);
}

} // namespace

TEST(SampleSchedule, OneWindowInEachPeriodAtAPlaceTheSeedDecides) {
  SampleOptions o;
  o.window_ns = 200 * ms;
  o.period_ns = 2000 * ms;
  o.seed = 11;
  SampleSchedule a(o, 5 * ms), same(o, 5 * ms);
  o.seed = 12;
  SampleSchedule other(o, 5 * ms);
  int differ = 0;
  for (int64_t k = 0; k < 50; ++k) {
    Ns open = a.openOfPeriod(k);
    EXPECT_GE(open, 5 * ms + k * 2000 * ms);
    EXPECT_LE(open + 200 * ms, 5 * ms + (k + 1) * 2000 * ms); // it closes within its period
    EXPECT_EQ(open, same.openOfPeriod(k));
    differ += open != other.openOfPeriod(k);
    EXPECT_EQ(a.nextOpen(open), open);
    EXPECT_EQ(a.nextOpen(open + 1), a.openOfPeriod(k + 1));
  }
  EXPECT_GE(differ, 45);
}

TEST(SampleEstimate, TheRatioEstimatorAndItsInterval) {
  ClusterSums same;
  for (int i = 0; i < 5; ++i)
    same.add(30, 100); // every window 30% busy: no doubt left
  Estimate e = same.total(10000);
  EXPECT_DOUBLE_EQ(e.value, 3000);
  EXPECT_DOUBLE_EQ(e.lo, 3000);
  EXPECT_DOUBLE_EQ(e.hi, 3000);
  EXPECT_TRUE(e.interval);

  // Cochran's variance by hand: y = 2, 4, 6 over x = 10 each, R = 0.4, residuals -2, 0, 2,
  // f = 30 / 300, var = 0.9 * 300^2 / (3 * 100) * 8 / 2 = 1080, t(2) = 4.303.
  ClusterSums three;
  three.add(2, 10);
  three.add(4, 10);
  three.add(6, 10);
  Estimate t = three.total(300);
  EXPECT_DOUBLE_EQ(t.value, 120);
  EXPECT_NEAR(t.hi - t.value, 4.303 * std::sqrt(1080.0), 1e-9);

  ClusterSums one;
  one.add(5, 10);
  EXPECT_FALSE(one.total(100).interval); // one window gives no interval
  EXPECT_FALSE(ClusterSums{}.total(100).interval);
  EXPECT_EQ(ClusterSums{}.total(100).value, 0);
  // A site seen in one window of four: the three others count, with nothing in them.
  EXPECT_EQ(one.over(4).windows(), 4u);
  EXPECT_TRUE(one.over(4).total(100).interval);
}

TEST(SampledRun, SyncsAreExactAndTheEstimatesHoldTheWholeRun) {
  SampleOptions sample;
  sample.window_ns = 100 * ms;
  sample.period_ns = 1000 * ms;
  int busyHeld = 0, idleHeld = 0, rareHeld = 0, runs = 20;
  double widest = 0;
  for (int seed = 1; seed <= runs; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    TraceModel whole = trainingLoop(static_cast<uint32_t>(seed), 12000 * ms);
    sample.seed = static_cast<uint64_t>(seed);
    Summary full = fold(whole, nullptr), sampled = fold(whole, &sample);
    ASSERT_TRUE(sampled.sampling.on);
    EXPECT_FALSE(full.sampling.on);
    EXPECT_GE(sampled.sampling.windows, 11u);
    // The syncs: all of them, as whole.
    EXPECT_EQ(sampled.sync_count, full.sync_count);
    EXPECT_EQ(sampled.stall_count, full.stall_count);
    EXPECT_EQ(sampled.stall_ns, full.stall_ns);
    for (const char *name : {"train.py:10", "train.py:20"}) {
      const SiteCost &f = siteNamed(full, whole, name), &s = siteNamed(sampled, whole, name);
      EXPECT_EQ(s.count, f.count);
      EXPECT_EQ(s.waited, f.waited);
      EXPECT_EQ(s.stall_ns, f.stall_ns);
      EXPECT_EQ(s.bytes, f.bytes);
    }
    // Busy: the estimate's interval holds the whole run's busy time.
    ASSERT_EQ(sampled.sampling.devices.size(), 1u);
    const Estimate &busy = sampled.sampling.devices[0].busy;
    ASSERT_TRUE(busy.interval);
    double truth = double(full.idle[0].busy_ns);
    busyHeld += busy.lo <= truth && truth <= busy.hi;
    widest = std::max(widest, (busy.hi - busy.lo) / 2 / truth);
    EXPECT_EQ(sampled.idle[0].busy_ns, static_cast<Ns>(busy.value));
    // The idle after each site's syncs.
    auto held = [&](const char *name) {
      for (const SampledSite &site : sampled.sampling.sites)
        if (whole.name(site.site) == name) {
          double truthIdle = double(siteNamed(full, whole, name).idle_charged_ns);
          EXPECT_TRUE(site.idle.interval);
          return site.idle.lo <= truthIdle && truthIdle <= site.idle.hi;
        }
      ADD_FAILURE() << "no estimate for " << name;
      return false;
    };
    idleHeld += held("train.py:10");
    rareHeld += held("train.py:20");
  }
  EXPECT_GE(busyHeld, 17) << "of " << runs;
  EXPECT_GE(idleHeld, 17) << "of " << runs;
  EXPECT_GE(rareHeld, 17) << "of " << runs;
  EXPECT_LT(widest, 0.10); // and the intervals say something: within 10% of the value
}

TEST(SampledRun, TheWindowsSlowingTheProgramDoesNotBiasBusyTime) {
  // A launch-bound loop (kernels of 10 to 20 us) whose launches inside windows cost the host
  // 8 us more: less work is launched per second there.
  // Busy time counted per second of the windows alone would read low by several percent; per
  // second of the program as it runs outside them (SampledGpu::slowdown), its interval holds.
  SampleOptions sample;
  sample.window_ns = 100 * ms;
  sample.period_ns = 1000 * ms;
  int held = 0, runs = 15;
  for (int seed = 1; seed <= runs; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    sample.seed = static_cast<uint64_t>(seed);
    std::vector<SampleWindow> windows; // the schedule the sampled fold will use
    SampleSchedule schedule(sample, 0);
    for (Ns open = schedule.nextOpen(0); open < 9000 * ms; open = schedule.nextOpen(open + 1))
      windows.push_back({open, open + sample.window_ns, false});
    TraceModel whole =
        trainingLoop(static_cast<uint32_t>(seed), 8000 * ms, windows, 8 * us, 20 * us);
    Summary full = fold(whole, nullptr), sampled = fold(whole, &sample);
    EXPECT_GT(sampled.sampling.slowdown, 1.01);
    EXPECT_GE(sampled.sampling.slowdown_windows, 5u);
    const Estimate &busy = sampled.sampling.devices[0].busy;
    double truth = double(full.idle[0].busy_ns);
    held += busy.lo <= truth && truth <= busy.hi;
  }
  EXPECT_GE(held, 13) << "of " << runs;
}
