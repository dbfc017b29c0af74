// A job's ranks lined up by their collectives (report/join/Ranks.h), on traces written by the
// tracer's own writer and read back by the report's reader: the straggler, the wait it
// caused, the sync it came late after, and clocks of ranks on other hosts.
#include "input/TraceRuns.h"
#include "io/AtomicFile.h"
#include "io/TraceJson.h"
#include "join/Ranks.h"
#include "render/Format.h"
#include "render/Html.h"
#include "render/Markdown.h"
#include "render/ReportJson.h"
#include "../trace/TraceBuilder.h"

#include "../ScratchDir.h"

#include <gtest/gtest.h>

#include <unistd.h>

using hostsync::report::JobView;
using hostsync::report::lineUpRanks;
using hostsync::report::loadTraceRuns;
using hostsync::report::Report;
using hostsync::report::stragglerText;
using J = nlohmann::ordered_json;
using namespace hostsync::trace::testing;
namespace trace = hostsync::trace;
using hostsync::trace::Ns;

namespace {
constexpr const char *AllReduce = "ncclDevKernel_AllReduce_Sum_f32_RING_LL";

// steps of 30 ms: a 4 ms compute kernel, then (late_ns later, after a stream sync that
// long when late_ns > 0) the all-reduce, which ends for every rank at 25 ms. clock_ns: the
// host's clock at the job's time 0.
std::string rankTrace(const std::string &rank, const std::string &host, Ns late_ns, Ns jitter_ns,
                      Ns clock_ns, int steps = 10) {
  Builder b;
  for (int k = 0; k < steps; ++k) {
    Ns t = clock_ns + k * 30 * ms;
    b.kernel(b.api("cudaLaunchKernel", t, t + 5 * us), t + 10 * us, t + 4 * ms, 7, 0, "gemm");
    if (late_ns > 0)
      b.api("cudaStreamSynchronize", t + 4 * ms, t + 4 * ms + late_ns);
    Ns arrive = t + 4 * ms + late_ns + 100 * us + (k % 2 ? jitter_ns : 0);
    b.kernel(0, arrive, t + 25 * ms, 9, 0, AllReduce);
  }
  trace::Summary s = trace::summarize(b.m);
  trace::ProcessInfo p;
  p.pid = 100 + std::stoi(rank);
  p.rank = rank;
  p.world_size = "2";
  p.host = host;
  std::string file = hostsync::test::scratchDir() + "ranks-" + std::to_string(getpid()) + "-" +
                     rank + "-" + std::to_string(clock_ns) + "-" + std::to_string(late_ns) +
                     ".json";
  EXPECT_TRUE(trace::writeFileAtomically(file, trace::traceJson(b.m, s, p)));
  return file;
}

Report lineUp(const std::vector<std::string> &files) {
  Report r;
  std::vector<std::string> warnings;
  std::string error;
  EXPECT_TRUE(loadTraceRuns(files, {}, r, warnings, error)) << error;
  lineUpRanks(r);
  return r;
}
} // namespace

TEST(Ranks, TheRankThatSyncsBeforeEachCollectiveIsTheStragglerAndTheOtherWaitsForIt) {
  Report r = lineUp(
      {rankTrace("0", "node-a", 0, 0, 1 * ms), rankTrace("1", "node-a", 20 * ms, 0, 1 * ms)});
  const JobView &job = r.job;
  ASSERT_TRUE(job.present());
  EXPECT_EQ(job.lined_up, 10u);
  EXPECT_EQ(job.straggler, "1");
  ASSERT_EQ(job.ranks.size(), 2u);
  EXPECT_EQ(job.ranks[0].waited_ns, 10 * 20 * ms);
  EXPECT_EQ(job.ranks[1].caused_ns, 10 * 20 * ms);
  EXPECT_EQ(job.ranks[1].last, 10u);
  EXPECT_EQ(job.ranks[0].caused_ns, 0);
  ASSERT_FALSE(job.causes.empty());
  EXPECT_EQ(job.causes[0].rank, "1");
  EXPECT_EQ(job.causes[0].api, "cudaStreamSynchronize");
  EXPECT_EQ(job.causes[0].count, 10u);
  EXPECT_EQ(stragglerText(job),
            "10 collectives lined up across 2 ranks: rank 1 came last to 10 of them and the others "
            "waited 200.000 ms for it (20.000 ms per collective); most of it after in "
            "cudaStreamSynchronize (no user frame) (200.000 ms, 10 times).");
  EXPECT_EQ(job.notes, std::vector<std::string>{
                           "ranks on one host: their times are on one clock (CLOCK_MONOTONIC)"});
}

TEST(Ranks, ArrivalsWithinLaunchJitterNameNoStraggler) {
  Report r =
      lineUp({rankTrace("0", "node-a", 0, 0, 1 * ms), rankTrace("1", "node-a", 0, 3 * us, 1 * ms)});
  ASSERT_TRUE(r.job.present());
  EXPECT_EQ(r.job.straggler, "");
  EXPECT_EQ(r.job.ranks[0].waited_ns + r.job.ranks[1].waited_ns, 0);
  EXPECT_NE(stragglerText(r.job).find("no rank stood out"), std::string::npos);
}

// Two H100s, 2026-11-26: in a job with no straggler, one GPU's all-reduces began 0.3 ms after
// the other's at every 30 ms step. A constant skew that small is no straggler; 2 ms is.
TEST(Ranks, AStragglerIsLateByAShareOfTheStepNotBySkew) {
  Report skew = lineUp(
      {rankTrace("0", "node-a", 0, 0, 1 * ms), rankTrace("1", "node-a", 300 * us, 0, 1 * ms)});
  EXPECT_EQ(skew.job.straggler, "");
  EXPECT_EQ(skew.job.ranks[1].caused_ns, 10 * 300 * us); // the waits are still counted
  Report late =
      lineUp({rankTrace("0", "node-a", 0, 0, 1 * ms), rankTrace("1", "node-a", 2 * ms, 0, 1 * ms)});
  EXPECT_EQ(late.job.straggler, "1");
}

TEST(Ranks, AnotherHostsClockIsAlignedByTheCollectivesEnds) {
  // Rank 1's host clock reads 5 s more: without alignment rank 1 would look 5 s late.
  Report even =
      lineUp({rankTrace("0", "node-a", 0, 0, 1 * ms), rankTrace("1", "node-b", 0, 0, 5001 * ms)});
  EXPECT_EQ(even.job.straggler, "");
  EXPECT_EQ(even.job.ranks[0].waited_ns, 0);
  ASSERT_EQ(even.job.notes.size(), 1u);
  EXPECT_NE(even.job.notes[0].find("ranks on 2 hosts"), std::string::npos);
  Report late = lineUp(
      {rankTrace("0", "node-a", 0, 0, 1 * ms), rankTrace("1", "node-b", 20 * ms, 0, 5001 * ms)});
  EXPECT_EQ(late.job.straggler, "1");
  EXPECT_EQ(late.job.ranks[0].waited_ns, 10 * 20 * ms);
}

TEST(Ranks, DifferentCountsLineUpTheFirstOnesAndTwoTracesOfOneRankLineUpNothing) {
  Report fewer = lineUp({rankTrace("0", "node-a", 0, 0, 1 * ms, 10),
                         rankTrace("1", "node-a", 20 * ms, 0, 1 * ms, 8)});
  EXPECT_EQ(fewer.job.lined_up, 8u);
  EXPECT_EQ(fewer.job.straggler, "1");
  EXPECT_NE(fewer.job.notes[0].find("the first 8 lined up"), std::string::npos);
  Report twice =
      lineUp({rankTrace("0", "node-a", 0, 0, 1 * ms), rankTrace("0", "node-a", 0, 0, 2 * ms)});
  EXPECT_FALSE(twice.job.present());
  ASSERT_EQ(twice.warnings.size(), 1u);
  EXPECT_EQ(twice.warnings[0],
            "two traces of rank 0 (traces of more than one job?): ranks not lined up");
}

TEST(Ranks, ASingleProcessIsNoJob) {
  Report r = lineUp({rankTrace("0", "node-a", 20 * ms, 0, 1 * ms)});
  EXPECT_FALSE(r.job.present());
}

TEST(Ranks, EveryOutputSaysWhoWaitedForWhomAndAJobOfOneSaysNothing) {
  Report r = lineUp(
      {rankTrace("0", "node-a", 0, 0, 1 * ms), rankTrace("1", "node-a", 20 * ms, 0, 1 * ms)});
  J doc = J::parse(hostsync::report::reportJson(r));
  EXPECT_EQ(doc["job"]["straggler"], "1");
  EXPECT_EQ(doc["job"]["ranks"][0]["waited_ns"], 10 * 20 * ms);
  EXPECT_EQ(doc["job"]["late_causes"][0]["api"], "cudaStreamSynchronize");
  EXPECT_TRUE(doc["job"]["late_causes"][0]["file"].is_null());
  std::string md = hostsync::report::reportMarkdown(r, 10);
  EXPECT_NE(md.find("## Ranks\n\n10 collectives lined up across 2 ranks: rank 1 came last"),
            std::string::npos);
  EXPECT_NE(md.find("| rank 1 (pid 101) | node-a | 10 | "), std::string::npos);
  std::string html = hostsync::report::reportHtml(r, 10);
  EXPECT_NE(html.find("<h2>Ranks</h2><p id=\"straggler\">10 collectives"), std::string::npos);
  EXPECT_NE(html.find("<table id=\"late-causes\">"), std::string::npos);
  // Side by side: rank 0's collectives wait (orange), rank 1's lane has its stalls and no wait.
  size_t svg = html.find("<svg id=\"ranks-timeline\""), rank0 = html.find("data-rank=\"0\"", svg),
         rank1 = html.find("data-rank=\"1\"", svg), end = html.find("</svg>", svg);
  ASSERT_TRUE(svg != std::string::npos && rank0 < rank1 && rank1 < end);
  EXPECT_NE(html.substr(rank0, rank1 - rank0).find("class=\"wait\""), std::string::npos);
  EXPECT_EQ(html.substr(rank1, end - rank1).find("class=\"wait\""), std::string::npos);
  EXPECT_NE(html.substr(rank1, end - rank1).find("class=\"stall\""), std::string::npos);
  Report one = lineUp({rankTrace("0", "node-a", 0, 0, 1 * ms)});
  EXPECT_FALSE(J::parse(hostsync::report::reportJson(one)).contains("job"));
  EXPECT_EQ(hostsync::report::reportMarkdown(one, 10).find("## Ranks"), std::string::npos);
}
