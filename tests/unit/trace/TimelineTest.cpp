// Timelines of chosen windows (analysis/TimelinePlan, io/TimelineFiles): the plan begins each
// window when the run reaches it and ends it when its end is seen; a window written fold by
// fold, whatever the cuts, holds exactly the events one write of the whole run's records
// within it holds, and reads back as a well-formed trace whose flows all land.
#include "analysis/TimelinePlan.h"
#include "io/TimelineFiles.h"
#include "PerfettoDecode.h"
#include "SimulatedRun.h"

#include "../ScratchDir.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <sys/stat.h>
#include <unistd.h>

using namespace hostsync::trace;
using namespace hostsync::trace::testing;

namespace {

std::map<std::string, TimeRange> byName(const std::vector<PlannedWindow> &windows) {
  std::map<std::string, TimeRange> out;
  for (const PlannedWindow &w : windows)
    out[w.name] = w.range;
  return out;
}

std::string freshTimelineDir(const std::string &name) {
  std::string dir =
      hostsync::test::scratchDir() + "timelines-" + name + "-" + std::to_string(getpid());
  mkdir(dir.c_str(), 0755);
  return dir;
}

// The simulated run folded every `every` with the given windows; a signal at `signalAt`.
struct FoldedTimelines {
  std::vector<TimelineEntry> entries;
  std::vector<std::string> messages;
  std::vector<PlannedWindow> windows;
};
FoldedTimelines foldWithTimelines(const TraceModel &whole, const TimelineOptions &options,
                                  const std::string &dir, Ns every, Ns signalAt) {
  TimelinePlan plan(options);
  ProcessInfo p;
  p.pid = 4343;
  TimelineFiles files(dir, p);
  FoldedTimelines out;
  bool signalled = false;
  std::vector<Ns> flushes;
  for (Ns t = whole.api.front().start + every; t < whole.api.back().end; t += every)
    flushes.push_back(t);
  folded(whole, flushes, 100000, 2 * ms, [&](RunFold &fold) {
    fold.onSlice([&](const TraceModel &m, const Summary &held, const TimeRange &slice) {
      if (!signalled && slice.hi > signalAt) {
        plan.request(std::max(signalAt, slice.lo));
        signalled = true;
      }
      files.onSlice(m, held, slice,
                    plan.update(m, fold.firstEvent(), fold.profilerRanges(), slice.hi), options);
      for (const std::string &line : files.takeMessages())
        out.messages.push_back(line);
    });
  });
  out.entries = files.entries();
  out.windows = plan.windows();
  return out;
}

} // namespace

TEST(TimelinePlan, StepRangesRead) {
  size_t a = 0, b = 0;
  EXPECT_EQ(parseStepRange("100-120", a, b), "");
  EXPECT_EQ(a, 100u);
  EXPECT_EQ(b, 120u);
  EXPECT_EQ(parseStepRange("7", a, b), "");
  EXPECT_EQ(a, 7u);
  EXPECT_EQ(b, 7u);
  for (const char *bad : {"", "-3", "3-", "a-b", "1-2-3", " 1-2", "99999999999999999999"})
    EXPECT_NE(parseStepRange(bad, a, b), "") << bad;
  EXPECT_NE(parseStepRange("5-3", a, b).find("before the first"), std::string::npos);
}

TEST(TimelinePlan, WindowsBeginAsTheRunReachesThem) {
  TimelineOptions o;
  o.steps = true;
  o.first_step = 2;
  o.last_step = 3;
  o.every_ns = 100;
  o.for_ns = 10;
  o.profiler = true;
  o.signal_ns = 50;
  TimelinePlan plan(o);
  TraceModel m;
  m.step_starts = {10, 20, 30, 40};
  EXPECT_TRUE(plan.update(m, 1, {}, 25).empty()); // step 2 starts at 30
  auto w = byName(plan.update(m, 1, {{40, Never}}, 35));
  ASSERT_EQ(w.count("steps-2-3"), 1u);
  EXPECT_EQ(w["steps-2-3"].lo, 30);
  EXPECT_EQ(w["steps-2-3"].hi, Never); // step 4 not seen yet
  EXPECT_EQ(w.count("profiler-1"), 0u);
  m.step_starts.push_back(50);
  plan.request(70);
  w = byName(plan.update(m, 1, {{40, 90}}, 150));
  EXPECT_EQ(w["steps-2-3"].hi, 50);
  EXPECT_EQ(w["profiler-1"].lo, 40);
  EXPECT_EQ(w["profiler-1"].hi, 90);
  EXPECT_EQ(w["signal-1"].lo, 70);
  EXPECT_EQ(w["signal-1"].hi, 120);
  EXPECT_EQ(w["every-1"].lo, 101);
  EXPECT_EQ(w["every-1"].hi, 111);
  EXPECT_EQ(w.count("every-2"), 0u);
  // The last fold (a cut at Never) begins the periodic windows up to the last record.
  ApiCall last;
  last.start = 300;
  last.end = 310;
  m.api.push_back(last);
  w = byName(plan.update(m, 1, {{40, 90}}, Never));
  EXPECT_EQ(w.count("every-3"), 1u);
  EXPECT_EQ(w.count("every-4"), 0u);
  EXPECT_EQ(plan.windows().size(), 6u); // found once each, never again
  TimelinePlan quiet(TimelineOptions{});
  quiet.request(5); // signals not asked for: no window
  EXPECT_TRUE(quiet.update(m, 1, {}, Never).empty());
}

TEST(TimelineFiles, WindowsWrittenFoldByFoldHoldWhatOneWriteWould) {
  TraceModel whole = simulatedRun();
  Ns first = whole.api.front().start;
  for (Ns t = first; t < whole.api.back().end; t += 5 * ms)
    whole.step_starts.push_back(t);
  TimelineOptions o;
  o.steps = true;
  o.first_step = 3;
  o.last_step = 6;
  o.every_ns = 40 * ms;
  o.for_ns = 8 * ms;
  o.signal_ns = 12 * ms;
  o.settle_ns = 3 * ms;
  Summary all = summarize(whole);
  for (Ns every : {1 * ms, 7 * ms, 30 * ms}) {
    SCOPED_TRACE("a fold every " + std::to_string(every / ms) + " ms");
    std::string dir = freshTimelineDir(std::to_string(every / ms));
    FoldedTimelines t = foldWithTimelines(whole, o, dir, every, first + 61 * ms);
    EXPECT_TRUE(t.messages.empty()) << t.messages.front();
    ASSERT_EQ(t.entries.size(), t.windows.size());
    ASSERT_GE(t.entries.size(), 4u); // the steps, two periodic windows at least, the signal
    for (size_t i = 0; i < t.entries.size(); ++i) {
      const TimelineEntry &e = t.entries[i];
      SCOPED_TRACE(e.name);
      EXPECT_TRUE(e.state == "complete" || e.state == "ended with the run") << e.state;
      EXPECT_EQ(e.file.find(".partial"), std::string::npos);
      std::string file = readFile(dir + "/" + e.file);
      EXPECT_EQ(file.size(), e.bytes);
      Decoded d = decode(file);
      ASSERT_TRUE(d.errors.empty()) << d.errors.front();
      EXPECT_TRUE(slicesNest(d.edges));
      EXPECT_EQ(d.flows_out, d.flows_in);
      EXPECT_FALSE(d.flows_out.empty());
      size_t begins = 0;
      for (const auto &edge : d.edges)
        begins += edge.begin;
      EXPECT_EQ(begins, e.slices);
      // One write of the whole run's records within the window.
      PerfettoTraceWriter once;
      std::string why, path = dir + "/once.perfetto-trace";
      ASSERT_TRUE(once.open(path, ProcessInfo{}, whole.clock, why)) << why;
      ASSERT_TRUE(once.append(whole, all, why, t.windows[i].range,
                              {std::numeric_limits<Ns>::min(), e.through_ns}))
          << why;
      EXPECT_EQ(e.slices, once.slicesWritten());
      std::remove(path.c_str());
    }
  }
}

TEST(TimelineFiles, AFullDiskEndsThatWindowWithOneLine) {
  TraceModel whole = simulatedRun();
  Ns first = whole.api.front().start;
  TimelineOptions o;
  o.every_ns = 40 * ms;
  o.for_ns = 8 * ms;
  std::string dir = freshTimelineDir("full");
  // The first periodic window's file is a full disk; the second is not.
  std::string partial = dir + "/trace-4343.every-1.perfetto-trace.partial";
  std::remove(partial.c_str());
  ASSERT_EQ(symlink("/dev/full", partial.c_str()), 0);
  FoldedTimelines t = foldWithTimelines(whole, o, dir, 5 * ms, first + Never / 2);
  ASSERT_GE(t.entries.size(), 2u);
  EXPECT_EQ(t.entries[0].state.rfind("failed: ", 0), 0u) << t.entries[0].state;
  EXPECT_EQ(t.entries[1].state, "complete");
  ASSERT_EQ(t.messages.size(), 1u);
  EXPECT_NE(t.messages[0].find("every-1"), std::string::npos) << t.messages[0];
  EXPECT_EQ(t.messages[0].find('\n'), std::string::npos);
}

TEST(TimelineFiles, AWindowPastItsCapIsCutThere) {
  TraceModel whole = simulatedRun();
  TimelineOptions o;
  o.every_ns = 40 * ms;
  o.for_ns = 30 * ms;
  o.max_bytes = 4096;
  FoldedTimelines t = foldWithTimelines(whole, o, freshTimelineDir("cap"), 2 * ms, Never);
  ASSERT_FALSE(t.entries.empty());
  EXPECT_EQ(t.entries[0].state, "cut at 4096 bytes");
  EXPECT_LT(t.entries[0].end_ns, t.windows[0].range.hi);
  EXPECT_FALSE(t.messages.empty());
}
