// The native Perfetto trace: the protobuf wire encodings byte for byte, and a file written in
// two appends read back with a small wire-format reader of the test's own (the lit test
// perfetto-proto.test decodes the same file with protoc and Perfetto's schema).
#include "io/PerfettoTrace.h"
#include "io/ProtoWire.h"
#include "PerfettoDecode.h"
#include "PerfettoSample.h"

#include "../ScratchDir.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace hostsync::trace;
using namespace hostsync::trace::testing;
using hostsync::trace::proto::Message;

namespace {
std::string bytes(std::initializer_list<int> b) {
  std::string s;
  for (int c : b)
    s.push_back(static_cast<char>(c));
  return s;
}
std::string varint(uint64_t v) {
  std::string s;
  proto::appendVarint(s, v);
  return s;
}

} // namespace

TEST(PerfettoWire, VarintsAreBase128LeastSignificantFirst) {
  EXPECT_EQ(varint(0), bytes({0x00}));
  EXPECT_EQ(varint(1), bytes({0x01}));
  EXPECT_EQ(varint(127), bytes({0x7f}));
  EXPECT_EQ(varint(128), bytes({0x80, 0x01}));
  EXPECT_EQ(varint(300), bytes({0xac, 0x02}));
  EXPECT_EQ(varint(UINT64_MAX),
            bytes({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}));
}

TEST(PerfettoWire, FieldsCarryTheirNumberAndWireType) {
  EXPECT_EQ(Message().varint(1, 150).data(), bytes({0x08, 0x96, 0x01}));
  EXPECT_EQ(Message().bytes(2, "testing").data(),
            bytes({0x12, 0x07, 't', 'e', 's', 't', 'i', 'n', 'g'}));
  // A nested message is a length-delimited field holding its bytes.
  EXPECT_EQ(Message().message(3, Message().varint(1, 150)).data(),
            bytes({0x1a, 0x03, 0x08, 0x96, 0x01}));
  // Negative int64: ten bytes. Field 58 needs a two-byte key.
  EXPECT_EQ(Message().signedVarint(4, -1).data(),
            bytes({0x20, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}));
  EXPECT_EQ(Message().varint(58, 1).data(), bytes({0xd0, 0x03, 0x01}));
  // TrackEvent.flow_ids (47) is fixed64: eight bytes, little-endian.
  EXPECT_EQ(Message().fixed64(47, 0x0102030405060708).data(),
            bytes({0xf9, 0x02, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01}));
}

TEST(PerfettoTrace, TwoAppendsMakeOneTraceWithEachNameInternedOnce) {
  std::string path = hostsync::test::scratchDir() + "trace-4242.perfetto-trace";
  std::vector<SampleSlice> slices = perfettoSampleSlices();
  ProcessInfo p;
  p.pid = 4242;
  PerfettoTraceWriter w;
  std::string why;
  ASSERT_TRUE(w.open(path, p, "CLOCK_MONOTONIC", why)) << why;
  ASSERT_TRUE(w.append(slices[0].m, slices[0].s, why)) << why;
  // After each append the file is a whole trace.
  Decoded once = decode(readFile(path));
  EXPECT_TRUE(once.errors.empty()) << once.errors.front();
  EXPECT_EQ(readFile(path).size(), w.bytesWritten());
  ASSERT_TRUE(w.append(slices[1].m, slices[1].s, why)) << why;
  ASSERT_TRUE(w.close(why)) << why;

  std::string file = readFile(path);
  EXPECT_EQ(file.size(), w.bytesWritten());
  Decoded d = decode(file);
  ASSERT_TRUE(d.errors.empty()) << d.errors.front();
  ASSERT_FALSE(d.flags.empty());
  EXPECT_EQ(d.flags[0], 1u); // SEQ_INCREMENTAL_STATE_CLEARED
  EXPECT_EQ(std::count(d.flags.begin(), d.flags.end(), 2u), long(d.flags.size() - 1));

  std::set<std::string> tracks;
  for (const auto &[uuid, name] : d.tracks)
    tracks.insert(name);
  EXPECT_EQ(tracks, (std::set<std::string>{"host (pid 4242)", "thread 11", "GPU 0", "stream 7",
                                           "stream 8", "idle gaps"}));
  // The second append's names were interned by the first, but for its new kernel.
  EXPECT_EQ(d.event_names.size(), once.event_names.size() + 1);
  for (const char *name : {"cudaLaunchKernel", "cudaStreamSynchronize", "gemm_kernel",
                           "softmax_kernel", "memcpy DtoH (device -> pinned)", "sync bubble"})
    EXPECT_TRUE(d.slice_names.count(name)) << name;
  EXPECT_TRUE(std::any_of(d.slice_names.begin(), d.slice_names.end(),
                          [](const std::string &n) { return n.rfind("stall: ", 0) == 0; }));
  EXPECT_EQ(d.annotations_used,
            (std::set<std::string>{"correlation", "device", "stream", "bytes", "site", "queued_ns",
                                   "idle_charged_ns", "cause", "stall_site"}));
  EXPECT_EQ(d.annotation_names.size(), d.annotations_used.size());
  // A flow leaves each call that launched work and ends at that work.
  EXPECT_FALSE(d.flows_out.empty());
  EXPECT_EQ(d.flows_out, d.flows_in);
  EXPECT_TRUE(slicesNest(d.edges));
}

TEST(PerfettoTrace, SlicesThatOverlapAreCutToNest) {
  // A stall that outlasts the call it began in (clock skew), on one thread.
  Builder b;
  b.api("cudaStreamSynchronize", 1 * ms, 3 * ms, 5);
  b.api("cudaMemcpy", 2 * ms, 4 * ms, 5);
  std::string path = hostsync::test::scratchDir() + "overlap.perfetto-trace";
  PerfettoTraceWriter w;
  std::string why;
  ASSERT_TRUE(w.open(path, ProcessInfo{}, "CLOCK_REALTIME", why)) << why;
  ASSERT_TRUE(w.append(b.m, Summary{}, why)) << why;
  ASSERT_TRUE(w.close(why)) << why;
  Decoded d = decode(readFile(path));
  ASSERT_TRUE(d.errors.empty()) << d.errors.front();
  EXPECT_TRUE(slicesNest(d.edges));
}

TEST(PerfettoTrace, AFullDiskIsAnErrorNotACrash) {
  std::vector<SampleSlice> slices = perfettoSampleSlices();
  PerfettoTraceWriter w;
  std::string why;
  // The first packets go out at open: on /dev/full it or the append fails, and says why.
  bool ok = w.open("/dev/full", ProcessInfo{}, "CLOCK_REALTIME", why) &&
            w.append(slices[0].m, slices[0].s, why);
  EXPECT_FALSE(ok);
  EXPECT_NE(why.find("No space left on device"), std::string::npos) << why;
  // Closed then: later calls do nothing.
  EXPECT_FALSE(w.append(slices[1].m, slices[1].s, why));
  EXPECT_TRUE(w.close(why));
  EXPECT_EQ(w.bytesWritten(), 0u);
}

TEST(PerfettoTrace, OpenSaysWhyItCannot) {
  PerfettoTraceWriter w;
  std::string why;
  EXPECT_FALSE(w.open(hostsync::test::scratchDir() + "no/such/dir/t.perfetto-trace", ProcessInfo{},
                      "CLOCK_REALTIME", why));
  EXPECT_EQ(why, "No such file or directory");
  EXPECT_FALSE(
      w.open(hostsync::test::scratchDir() + "t.perfetto-trace", ProcessInfo{}, "CLOCK_TAI", why));
  EXPECT_EQ(why, "unknown clock 'CLOCK_TAI'");
}
