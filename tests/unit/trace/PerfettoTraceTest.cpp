// The native Perfetto trace: the protobuf wire encodings byte for byte, and a file written in
// two appends read back with a small wire-format reader of the test's own (the lit test
// perfetto-proto.test decodes the same file with protoc and Perfetto's schema).
#include "io/PerfettoTrace.h"
#include "io/ProtoWire.h"
#include "PerfettoSample.h"

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

// One field of a message as the wire has it: a number, and a varint or fixed64 value or the
// bytes of a length-delimited one.
struct Field {
  uint32_t number = 0;
  proto::WireType type = proto::WireType::Varint;
  uint64_t value = 0;
  std::string data;
};

bool readVarint(const std::string &in, size_t &at, uint64_t &v) {
  v = 0;
  for (int shift = 0; shift < 64 && at < in.size(); shift += 7) {
    uint8_t b = static_cast<uint8_t>(in[at++]);
    v |= static_cast<uint64_t>(b & 0x7f) << shift;
    if (!(b & 0x80))
      return true;
  }
  return false;
}

// The fields of a message, in order; false when it is not well-formed wire format.
bool readFields(const std::string &in, std::vector<Field> &out) {
  out.clear();
  size_t at = 0;
  while (at < in.size()) {
    uint64_t key = 0;
    if (!readVarint(in, at, key))
      return false;
    Field f;
    f.number = static_cast<uint32_t>(key >> 3);
    f.type = static_cast<proto::WireType>(key & 7);
    if (f.type == proto::WireType::Varint) {
      if (!readVarint(in, at, f.value))
        return false;
    } else if (f.type == proto::WireType::Fixed64) {
      if (in.size() - at < 8)
        return false;
      for (int i = 0; i < 8; ++i)
        f.value |= static_cast<uint64_t>(static_cast<uint8_t>(in[at + i])) << (8 * i);
      at += 8;
    } else if (f.type == proto::WireType::LengthDelimited) {
      uint64_t n = 0;
      if (!readVarint(in, at, n) || n > in.size() - at)
        return false;
      f.data = in.substr(at, n);
      at += n;
    } else {
      return false;
    }
    out.push_back(std::move(f));
  }
  return true;
}

const Field *first(const std::vector<Field> &fs, uint32_t number) {
  for (const Field &f : fs)
    if (f.number == number)
      return &f;
  return nullptr;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// What a file says, read packet by packet as the trace processor would take it in.
struct Decoded {
  std::vector<uint64_t> flags;                      // TracePacket.sequence_flags, per packet
  std::map<uint64_t, std::string> event_names;      // iid -> name, each defined once
  std::map<uint64_t, std::string> annotation_names; // likewise
  std::map<uint64_t, std::string> tracks;           // uuid -> name (or thread/process name)
  std::set<std::string> slice_names;
  std::set<std::string> annotations_used;
  std::set<uint64_t> flows_out, flows_in;
  struct Edge {
    uint64_t ts, track;
    bool begin;
  };
  std::vector<Edge> edges;
  std::vector<std::string> errors;
};

void readInterned(const std::string &data, uint32_t field, std::map<uint64_t, std::string> &into,
                  Decoded &d) {
  std::vector<Field> fs, entry;
  readFields(data, fs);
  for (const Field &f : fs) {
    if (f.number != field)
      continue;
    readFields(f.data, entry);
    const Field *iid = first(entry, 1), *name = first(entry, 2);
    if (!iid || !name || !into.emplace(iid->value, name->data).second) {
      d.errors.push_back("bad or repeated interned entry");
      continue;
    }
    for (const auto &[id, n] : into)
      if (id != iid->value && n == name->data)
        d.errors.push_back("name interned twice: " + n);
  }
}

Decoded decode(const std::string &file) {
  Decoded d;
  std::vector<Field> packets, p, e, a;
  if (!readFields(file, packets)) {
    d.errors.push_back("not wire format");
    return d;
  }
  for (const Field &packet : packets) {
    if (packet.number != 1 || !readFields(packet.data, p)) {
      d.errors.push_back("not a Trace.packet");
      continue;
    }
    const Field *seq = first(p, 10), *flags = first(p, 13);
    if (!seq || seq->value != 1 || !flags)
      d.errors.push_back("packet off the sequence");
    d.flags.push_back(flags ? flags->value : 0);
    if (const Field *in = first(p, 12)) {
      readInterned(in->data, 2, d.event_names, d);
      readInterned(in->data, 3, d.annotation_names, d);
    }
    if (const Field *td = first(p, 60)) {
      readFields(td->data, e);
      std::string name = first(e, 2) ? first(e, 2)->data : "";
      for (uint32_t sub : {3u, 4u}) // ProcessDescriptor / ThreadDescriptor: their names
        if (const Field *desc = first(e, sub)) {
          readFields(desc->data, a);
          if (const Field *n = first(a, sub == 3 ? 6 : 5))
            name = n->data;
        }
      if (!d.tracks.emplace(first(e, 1)->value, name).second)
        d.errors.push_back("track described twice: " + name);
    }
    if (const Field *te = first(p, 11)) {
      readFields(te->data, e);
      const Field *type = first(e, 9), *track = first(e, 11), *ts = first(p, 8);
      if (!type || !track || !ts || !d.tracks.count(track->value)) {
        d.errors.push_back("event without type, time or a described track");
        continue;
      }
      bool begin = type->value == 1;
      d.edges.push_back({ts->value, track->value, begin});
      if (!begin)
        continue;
      const Field *name = first(e, 10);
      if (!name || !d.event_names.count(name->value))
        d.errors.push_back("event name not interned before use");
      else
        d.slice_names.insert(d.event_names[name->value]);
      for (const Field &f : e) {
        if (f.number == 47)
          d.flows_out.insert(f.value);
        if (f.number == 48)
          d.flows_in.insert(f.value);
        if (f.number != 4)
          continue;
        readFields(f.data, a);
        const Field *n = first(a, 1);
        if (!n || !d.annotation_names.count(n->value))
          d.errors.push_back("annotation name not interned before use");
        else
          d.annotations_used.insert(d.annotation_names[n->value]);
      }
    }
  }
  return d;
}

// Slices nest on every track once events are sorted by time, ties in file order (as the
// trace processor sorts them).
bool slicesNest(std::vector<Decoded::Edge> edges) {
  std::stable_sort(edges.begin(), edges.end(),
                   [](const Decoded::Edge &a, const Decoded::Edge &b) { return a.ts < b.ts; });
  std::map<uint64_t, int> depth;
  for (const Decoded::Edge &e : edges)
    if ((depth[e.track] += e.begin ? 1 : -1) < 0)
      return false;
  for (const auto &[track, n] : depth)
    if (n != 0)
      return false;
  return true;
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
  std::string path = ::testing::TempDir() + "trace-4242.perfetto-trace";
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
  std::string path = ::testing::TempDir() + "overlap.perfetto-trace";
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
  EXPECT_FALSE(w.open(::testing::TempDir() + "no/such/dir/t.perfetto-trace", ProcessInfo{},
                      "CLOCK_REALTIME", why));
  EXPECT_EQ(why, "No such file or directory");
  EXPECT_FALSE(w.open(::testing::TempDir() + "t.perfetto-trace", ProcessInfo{}, "CLOCK_TAI", why));
  EXPECT_EQ(why, "unknown clock 'CLOCK_TAI'");
}
