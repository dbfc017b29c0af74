// A small reader of Perfetto's wire format for the tests (PerfettoTraceTest, TimelineTest):
// what a .perfetto-trace file says, packet by packet, as the trace processor takes it in,
// and the errors a reader would find (the lit test perfetto-proto.test decodes with protoc).
#pragma once

#include "io/ProtoWire.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace hostsync::trace::testing {

// One field of a message as the wire has it: a number, and a varint or fixed64 value or the
// bytes of a length-delimited one.
struct Field {
  uint32_t number = 0;
  proto::WireType type = proto::WireType::Varint;
  uint64_t value = 0;
  std::string data;
};

// The fields of a message, in order; false when it is not well-formed wire format.
bool readFields(const std::string &in, std::vector<Field> &out);
const Field *first(const std::vector<Field> &fs, uint32_t number);
std::string readFile(const std::string &path);

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
Decoded decode(const std::string &file);

// Slices nest on every track once events are sorted by time, ties in file order (as the
// trace processor sorts them).
bool slicesNest(std::vector<Decoded::Edge> edges);

} // namespace hostsync::trace::testing
