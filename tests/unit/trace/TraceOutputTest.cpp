// The tracer's outputs on synthetic traces: the warm-up cut, the report's timeline slice,
// trace.json read back by the loader the report and the symbolize step use, and the
// Perfetto (Chrome trace event) file's structure.
#include "analysis/Timeline.h"
#include "analysis/Window.h"
#include "io/AtomicFile.h"
#include "io/JsonFile.h"
#include "io/PerfettoJson.h"
#include "io/TraceFiles.h"
#include "io/TraceJson.h"
#include "symbolize/TraceStacks.h"
#include "TraceBuilder.h"

#include "../ScratchDir.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <unistd.h>

using namespace hostsync::trace;
using namespace hostsync::trace::testing;
using J = nlohmann::ordered_json;

namespace {
// Three steps of: a 5 ms kernel, then item() (copy + stream sync) and a 1 ms bubble.
Builder threeSteps() {
  Builder b;
  for (int step = 0; step < 3; ++step) {
    Ns t = (1 + step * 10) * ms;
    uint32_t k = b.api("cudaLaunchKernel", t, t + 10 * us);
    b.kernel(k, t + 20 * us, t + 5 * ms);
    uint32_t c = b.api("cudaMemcpyAsync", t + 30 * us, t + 40 * us);
    b.copy(c, t + 5 * ms, t + 5 * ms + 2 * us, CopyKind::DtoH, MemoryKind::Pinned, 4);
    b.api("cudaStreamSynchronize", t + 50 * us, t + 5 * ms + 10 * us);
    uint32_t k2 = b.api("cudaLaunchKernel", t + 6 * ms, t + 6 * ms + 10 * us);
    b.kernel(k2, t + 6 * ms + 20 * us, t + 8 * ms);
  }
  return b;
}
} // namespace

TEST(Window, SkipWarmupDropsWhatStartsInTheFirstSeconds) {
  Builder b = threeSteps();
  TraceModel m = skipWarmup(b.m, 10 * ms); // the first step starts at 1 ms
  for (const ApiCall &a : m.api)
    EXPECT_GE(a.start, 11 * ms);
  EXPECT_EQ(m.api.size(), b.m.api.size() * 2 / 3);
  EXPECT_EQ(skipWarmup(b.m, 0).api.size(), b.m.api.size());
}

TEST(Timeline, TheSliceRunsFromTheTopSitesMedianStallToTheNext) {
  Builder b = threeSteps();
  Summary s = summarize(b.m);
  ASSERT_EQ(s.stalls.size(), 3u);
  TimelineSlice w = representativeSlice(b.m, s);
  EXPECT_EQ(w.start, s.stalls[1].start);
  EXPECT_EQ(w.end, s.stalls[2].end);
  EXPECT_EQ(w.stalls.size(), 2u);
  // Capped: at most the given number of events, cut from the end.
  TimelineSlice small = representativeSlice(b.m, s, 3);
  EXPECT_LE(small.api.size() + small.gpu.size(), 4u);
  EXPECT_LT(small.end, w.end);
}

TEST(TraceJson, WrittenFilesLoadBackAndBadOnesAreNamed) {
  Builder b = threeSteps();
  b.m.stacks.push_back({{0x401000, 0x401234}});
  b.m.api[2].stack = 0; // the first step's cudaStreamSynchronize
  b.m.modules.push_back({"/app/train", 0x400000, 0x10000, "abcd"});
  Summary s = summarize(b.m);
  ProcessInfo p;
  p.pid = 42;
  std::string path = hostsync::test::scratchDir() + "trace-42.json";
  ASSERT_TRUE(writeFileAtomically(path, traceJson(b.m, s, p)));
  J doc;
  std::string error;
  ASSERT_TRUE(loadTraceJson(path, doc, error)) << error;
  EXPECT_EQ(doc["stalls"].size(), 3u);
  EXPECT_EQ(doc["stalls"][0]["stack"], 0);
  // The GPU idles from the copy's end to the next kernel.
  EXPECT_EQ(doc["stalls"][0]["idle_charged_ns"], (6 * ms + 20 * us) - (5 * ms + 2 * us));
  EXPECT_EQ(doc["stacks"][0]["pcs"][1], "0x401234");
  EXPECT_EQ(doc["modules"][0]["base"], "0x400000");
  EXPECT_FALSE(doc["timeline"]["gpu"].empty());

  std::string cut = hostsync::test::scratchDir() + "trace-43.json";
  {
    std::string text = traceJson(b.m, s, p);
    FILE *f = std::fopen(cut.c_str(), "w");
    std::fwrite(text.data(), 1, text.size() / 2, f);
    std::fclose(f);
  }
  EXPECT_FALSE(loadTraceJson(cut, doc, error));
  // "PATH:LINE:COLUMN: not valid JSON: ...", where the text was cut.
  EXPECT_EQ(error.rfind(cut + ":", 0), 0u) << error;
  EXPECT_NE(error.find(": not valid JSON: "), std::string::npos) << error;
  EXPECT_FALSE(loadTraceJson("/nonexistent/trace.json", doc, error));
  EXPECT_EQ(error, "/nonexistent/trace.json: cannot read the file");
}

TEST(TraceFiles, WrittenAtExitBesideEachOtherWithNoTemporaryLeft) {
  Builder b = threeSteps();
  Summary s = summarize(b.m);
  ProcessInfo p;
  p.pid = 44;
  p.rank = "1";
  p.command = "train --name=caf\xe9"; // a Latin-1 byte: written by the rule, not a lost trace
  std::string dir = hostsync::test::scratchDir() + "trace-files-" + std::to_string(getpid());
  TraceFiles written = writeTraceFiles(dir, b.m, s, p, PerfettoFiles::NativeAndJson);
  EXPECT_TRUE(written.errors.empty()) << written.errors[0];
  EXPECT_EQ(written.trace, dir + "/trace-44-rank1.json");
  J doc;
  std::string error;
  ASSERT_TRUE(loadTraceJson(written.trace, doc, error)) << error;
  EXPECT_EQ(doc["process"]["command"], "train --name=caf\\xe9"); // common/Utf8.h
  ASSERT_TRUE(readJsonFile(dir + "/trace-44-rank1.perfetto.json", doc, error)) << error;
  EXPECT_EQ(std::system(("test -s " + dir + "/trace-44-rank1.perfetto-trace").c_str()), 0);
  EXPECT_EQ(std::system(("test $(ls " + dir + " | wc -l) -eq 3").c_str()), 0);
}

TEST(TraceFiles, APerfettoWindowReplacesTheFileWholeOrSaysWhyNot) {
  Builder b = threeSteps();
  Summary s = summarize(b.m);
  ProcessInfo p;
  p.pid = 45;
  std::string dir = hostsync::test::scratchDir() + "perfetto-window-" + std::to_string(getpid());
  EXPECT_EQ(writePerfettoWindow(dir, b.m, s, p, {}), "");
  TimelineEntry written;
  EXPECT_EQ(writePerfettoWindow(dir, b.m, s, p, {s.stalls[0].start, s.stalls[0].end}, &written),
            "");
  EXPECT_EQ(written.state, "complete");
  EXPECT_GT(written.slices, 0u);
  EXPECT_EQ(written.start_ns, s.stalls[0].start);
  EXPECT_EQ(written.file.find('/'), std::string::npos);
  struct stat st {};
  ASSERT_EQ(stat((dir + "/" + written.file).c_str(), &st), 0);
  EXPECT_EQ(static_cast<uint64_t>(st.st_size), written.bytes);
  EXPECT_EQ(std::system(("test -s " + dir + "/trace-45.perfetto-trace").c_str()), 0);
  EXPECT_EQ(std::system(("test $(ls " + dir + " | wc -l) -eq 1").c_str()), 0); // no .partial
  std::string why = writePerfettoWindow("/proc/no-such-dir", b.m, s, p, {});
  EXPECT_NE(why.find("cannot write /proc/no-such-dir/trace-45.perfetto-trace: "), std::string::npos)
      << why;
}

TEST(TraceFiles, AnUnwritableDirectoryIsOneLineAndNoThrow) {
  Builder b = threeSteps();
  Summary s = summarize(b.m);
  ProcessInfo p;
  p.pid = 45;
  // A regular file where the directory should be: fails as root too.
  std::string file = hostsync::test::scratchDir() + "not-a-dir-" + std::to_string(getpid());
  ASSERT_TRUE(writeFileAtomically(file, "x"));
  TraceFiles written = writeTraceFiles(file, b.m, s, p, PerfettoFiles::NativeAndJson);
  EXPECT_TRUE(written.trace.empty());
  ASSERT_EQ(written.errors.size(), 1u); // no second line for the Perfetto file
  EXPECT_EQ(written.errors[0],
            "cannot write " + file + "/trace-45.json: Not a directory; no trace for pid 45");
}

// A process with no GPU work (torchrun's agent) once listed a window ending at time 0 and
// starting 200 ms before it; the report refused the whole job for it. The writer is where
// such a value is caught: left out of the listing, with one line, and the trace is written.
TEST(TraceFiles, ATimelineWithTimesThatAreNoTimesIsLeftOutWithOneLine) {
  Builder b = threeSteps();
  Summary s = summarize(b.m);
  ProcessInfo p;
  p.pid = 46;
  TimelineEntry bad, good;
  bad.name = "worst";
  bad.start_ns = -200000000;
  bad.end_ns = bad.through_ns = 1;
  good.name = "every-1";
  good.start_ns = 10;
  good.end_ns = good.through_ns = 20;
  p.timelines = {bad, good};
  std::string dir = hostsync::test::scratchDir() + "trace-bad-window-" + std::to_string(getpid());
  TraceFiles written = writeTraceFiles(dir, b.m, s, p, PerfettoFiles::None);
  ASSERT_EQ(written.errors.size(), 1u);
  EXPECT_EQ(written.errors[0], "timeline worst left out of the trace (a bug, please report it): "
                               "start_ns is negative: -200000000");
  J doc;
  std::string error;
  ASSERT_TRUE(loadTraceJson(written.trace, doc, error)) << error;
  ASSERT_EQ(doc["timelines"].size(), 1u);
  EXPECT_EQ(doc["timelines"][0]["name"], "every-1");
  good.end_ns = 5; // before its start
  EXPECT_EQ(timelineProblem(good), "end_ns before start_ns");
  EXPECT_EQ(writePerfettoWindow(dir, b.m, s, p, {20, 20}),
            "no timeline written: the window [20, 20) is empty");
}

TEST(Perfetto, TracksFlowsStallsAndBubbles) {
  Builder b = threeSteps();
  Summary s = summarize(b.m);
  ProcessInfo p;
  p.pid = 42;
  J doc = J::parse(perfettoJson(b.m, s, p));
  std::map<std::string, int> byCat;
  std::map<uint64_t, int> flowEnds;
  for (const J &e : doc["traceEvents"]) {
    std::string ph = e["ph"];
    if (ph == "X") {
      ASSERT_TRUE(e.contains("ts") && e.contains("dur") && e.contains("pid") && e.contains("tid"));
      EXPECT_GE(e["dur"].get<double>(), 0.0);
      ++byCat[e["cat"]];
    } else if (ph == "s" || ph == "f") {
      flowEnds[e["id"].get<uint64_t>()] += ph == "s" ? 1 : 10;
    }
  }
  EXPECT_EQ(byCat["cuda_api"], 12);
  EXPECT_EQ(byCat["kernel"], 6);
  EXPECT_EQ(byCat["memcpy"], 3);
  EXPECT_EQ(byCat["stall"], 3);
  EXPECT_GE(byCat["idle"], 3); // a sync bubble after each item()
  EXPECT_EQ(flowEnds.size(), 9u);
  for (const auto &[id, ends] : flowEnds)
    EXPECT_EQ(ends, 11) << "flow " << id << " lacks its start or its end";
}

TEST(TraceJson, ARankOfAJobWritesWhereItStandsAndEachCollectiveInOrder) {
  Builder b = threeSteps();
  const char *allReduce =
      "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<(unsigned long)4096>)";
  for (int step = 0; step < 3; ++step) { // after each step's second kernel, 1 ms, alone
    Ns t = (1 + step * 10) * ms;
    b.kernel(0, t + 8 * ms, t + 9 * ms, 9, 0, allReduce);
  }
  Summary s = summarize(b.m);
  ProcessInfo p;
  p.pid = 46;
  p.rank = "1";
  p.local_rank = "1";
  p.world_size = "2";
  p.launcher = "torchrun";
  p.host = "node-a";
  J doc = J::parse(traceJson(b.m, s, p));
  EXPECT_EQ(doc["process"]["world_size"], "2");
  EXPECT_EQ(doc["process"]["local_rank"], "1");
  EXPECT_EQ(doc["process"]["launcher"], "torchrun");
  EXPECT_EQ(doc["process"]["host"], "node-a");
  const J &c = doc["communication"];
  EXPECT_EQ(c["collectives"], 3);
  EXPECT_EQ(c["comm_ns"], 3 * ms);
  EXPECT_EQ(c["hidden_ns"], 0);
  EXPECT_EQ(c["exposed_ns"], 3 * ms);
  ASSERT_EQ(c["names"].size(), 1u);
  EXPECT_EQ(c["names"][0], std::string(allReduce));
  ASSERT_EQ(c["events"].size(), 3u);
  EXPECT_EQ(c["events"][2]["start_ns"], 29 * ms);
  EXPECT_EQ(c["events"][2]["name"], 0);
  EXPECT_EQ(c["events_left_out"], 0);
  EXPECT_NE(textSummary(b.m, s).find("communication 3.000 ms in 3 collectives, 0.0% hidden"),
            std::string::npos);
}

TEST(TraceJson, AProcessOutsideAJobHasEmptyRanksAndNoCollectives) {
  Builder b = threeSteps();
  Summary s = summarize(b.m);
  ProcessInfo p;
  p.pid = 47;
  J doc = J::parse(traceJson(b.m, s, p));
  EXPECT_EQ(doc["process"]["rank"], "");
  EXPECT_EQ(doc["process"]["world_size"], "");
  EXPECT_EQ(doc["communication"]["collectives"], 0);
  EXPECT_TRUE(doc["communication"]["events"].empty());
  EXPECT_EQ(textSummary(b.m, s).find("communication"), std::string::npos);
}
