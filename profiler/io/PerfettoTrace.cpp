#include "io/PerfettoTrace.h"

#include "io/PerfettoNames.h"
#include "io/ProtoWire.h"
#include "io/WriteAll.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <new>
#include <stdexcept>
#include <unistd.h>
#include <vector>

namespace hostsync::trace {

namespace {
using proto::Message;

// Field numbers, by message.field of third_party/perfetto/protos/perfetto_trace.proto.
constexpr uint32_t TracePacketField = 1; // Trace.packet
namespace packet {
constexpr uint32_t ClockSnapshot = 6;    // TracePacket.clock_snapshot
constexpr uint32_t Timestamp = 8;        // TracePacket.timestamp
constexpr uint32_t SequenceId = 10;      // TracePacket.trusted_packet_sequence_id
constexpr uint32_t TrackEvent = 11;      // TracePacket.track_event
constexpr uint32_t InternedData = 12;    // TracePacket.interned_data
constexpr uint32_t SequenceFlags = 13;   // TracePacket.sequence_flags
constexpr uint32_t ClockId = 58;         // TracePacket.timestamp_clock_id
constexpr uint32_t TrackDescriptor = 60; // TracePacket.track_descriptor
// TracePacket.SequenceFlags: the first packet starts the sequence's incremental state (our
// interned names); every later one may refer to it.
constexpr uint64_t IncrementalStateCleared = 1; // SEQ_INCREMENTAL_STATE_CLEARED
constexpr uint64_t NeedsIncrementalState = 2;   // SEQ_NEEDS_INCREMENTAL_STATE
} // namespace packet
namespace clock {
constexpr uint32_t Clocks = 1;            // ClockSnapshot.clocks
constexpr uint32_t PrimaryTraceClock = 2; // ClockSnapshot.primary_trace_clock
constexpr uint32_t ClockId = 1;           // ClockSnapshot.Clock.clock_id
constexpr uint32_t Timestamp = 2;         // ClockSnapshot.Clock.timestamp
} // namespace clock
namespace track {
constexpr uint32_t Uuid = 1;        // TrackDescriptor.uuid
constexpr uint32_t Name = 2;        // TrackDescriptor.name
constexpr uint32_t Process = 3;     // TrackDescriptor.process
constexpr uint32_t Thread = 4;      // TrackDescriptor.thread
constexpr uint32_t ParentUuid = 5;  // TrackDescriptor.parent_uuid
constexpr uint32_t Pid = 1;         // ProcessDescriptor.pid, ThreadDescriptor.pid
constexpr uint32_t Cmdline = 2;     // ProcessDescriptor.cmdline
constexpr uint32_t ProcessName = 6; // ProcessDescriptor.process_name
constexpr uint32_t Tid = 2;         // ThreadDescriptor.tid
constexpr uint32_t ThreadName = 5;  // ThreadDescriptor.thread_name
} // namespace track
namespace event {
constexpr uint32_t DebugAnnotations = 4;    // TrackEvent.debug_annotations
constexpr uint32_t Type = 9;                // TrackEvent.type
constexpr uint32_t NameIid = 10;            // TrackEvent.name_iid
constexpr uint32_t TrackUuid = 11;          // TrackEvent.track_uuid
constexpr uint32_t FlowIds = 47;            // TrackEvent.flow_ids (fixed64)
constexpr uint32_t TerminatingFlowIds = 48; // TrackEvent.terminating_flow_ids (fixed64)
constexpr uint64_t SliceBegin = 1;          // TrackEvent.Type.TYPE_SLICE_BEGIN
constexpr uint64_t SliceEnd = 2;            // TrackEvent.Type.TYPE_SLICE_END
} // namespace event
namespace annotation {
constexpr uint32_t NameIid = 1;     // DebugAnnotation.name_iid
constexpr uint32_t UintValue = 3;   // DebugAnnotation.uint_value
constexpr uint32_t IntValue = 4;    // DebugAnnotation.int_value
constexpr uint32_t StringValue = 6; // DebugAnnotation.string_value
} // namespace annotation
namespace interned {
constexpr uint32_t EventNames = 2;           // InternedData.event_names
constexpr uint32_t DebugAnnotationNames = 3; // InternedData.debug_annotation_names
constexpr uint32_t Iid = 1;                  // EventName.iid, DebugAnnotationName.iid
constexpr uint32_t Name = 2;                 // EventName.name, DebugAnnotationName.name
} // namespace interned

// All our packets are one sequence (one writer); any id other than 0 would do.
constexpr uint32_t Sequence = 1;

// Track uuids: what the track is in the top byte, then the device and the thread or stream,
// so that the same track gets the same uuid in every append without a table.
enum class TrackKind : uint64_t { Process = 1, Thread, Device, Stream, Idle };
uint64_t trackUuid(TrackKind kind, uint32_t device, uint32_t id) {
  return (static_cast<uint64_t>(kind) << 56) | (static_cast<uint64_t>(device & 0xffffff) << 32) |
         id;
}

// A packet of our sequence at time ts (timestamps and flags as every packet after the first
// carries them).
Message packetAt(Ns ts, uint32_t clock_id) {
  Message p;
  p.varint(packet::Timestamp, static_cast<uint64_t>(std::max<Ns>(ts, 0)));
  p.varint(packet::ClockId, clock_id);
  p.varint(packet::SequenceId, Sequence);
  p.varint(packet::SequenceFlags, packet::NeedsIncrementalState);
  return p;
}
} // namespace

uint32_t perfettoBuiltinClock(const std::string &clock) {
  // BuiltinClock in perfetto_trace.proto.
  if (clock == "CLOCK_REALTIME")
    return 1; // BUILTIN_CLOCK_REALTIME
  if (clock == "CLOCK_MONOTONIC")
    return 3; // BUILTIN_CLOCK_MONOTONIC
  if (clock == "CLOCK_MONOTONIC_RAW")
    return 5; // BUILTIN_CLOCK_MONOTONIC_RAW
  if (clock == "CLOCK_BOOTTIME")
    return 6; // BUILTIN_CLOCK_BOOTTIME
  return 0;
}

// The packets of one append, built in memory before a single write.
struct PerfettoAppend {
  PerfettoTraceWriter &w;
  const TraceModel &m;
  TimeRange within;   // the events that overlap it
  TimeRange anchored; // of those, the ones that end in it
  template <typename Event> bool overlaps(const Event &e) const {
    return e.end >= within.lo && e.start < within.hi;
  }
  template <typename Event> bool shown(const Event &e) const {
    return overlaps(e) && anchored.holds(e.end);
  }
  Message descriptors; // Trace.packet fields: tracks described for the first time
  Message interned;    // InternedData fields: names interned for the first time
  // One slice before it is written: its track and times, and its SLICE_BEGIN event whole.
  // A member type: PerfettoAppend is the header's friend, so it has linkage, and a field of
  // a type in an anonymous namespace would not (GCC's -Wsubobject-linkage in a unity build).
  struct TrackSlice {
    uint64_t track = 0;
    Ns start = 0, end = 0;
    Message begin;
  };
  std::vector<TrackSlice> spans;

  Ns firstTime() const {
    Ns t = spans.empty() ? 0 : spans.front().start;
    for (const TrackSlice &s : spans)
      t = std::min(t, s.start);
    return t;
  }

  // Describes a track the file has not described yet.
  void describe(uint64_t uuid, const Message &descriptor) {
    if (!w.tracks_.insert(uuid).second)
      return;
    Message p;
    p.varint(packet::SequenceId, Sequence);
    p.varint(packet::SequenceFlags, packet::NeedsIncrementalState);
    p.message(packet::TrackDescriptor, descriptor);
    descriptors.message(TracePacketField, p);
  }
  uint64_t threadTrack(uint32_t thread) {
    uint64_t uuid = trackUuid(TrackKind::Thread, 0, thread);
    if (!w.tracks_.count(uuid)) {
      Message t;
      t.signedVarint(track::Pid, w.process_.pid);
      t.varint(track::Tid, thread);
      t.bytes(track::ThreadName, threadTrackName(thread));
      describe(uuid, Message().varint(track::Uuid, uuid).message(track::Thread, t));
    }
    return uuid;
  }
  uint64_t deviceTrack(uint32_t device) {
    uint64_t uuid = trackUuid(TrackKind::Device, device, 0);
    if (!w.tracks_.count(uuid))
      describe(uuid,
               Message().varint(track::Uuid, uuid).bytes(track::Name, deviceTrackName(device)));
    return uuid;
  }
  // A track under the device's: a stream, or the device's idle gaps.
  uint64_t deviceChildTrack(TrackKind kind, uint32_t device, uint32_t id, const std::string &name) {
    uint64_t uuid = trackUuid(kind, device, id);
    if (!w.tracks_.count(uuid))
      describe(uuid, Message()
                         .varint(track::Uuid, uuid)
                         .varint(track::ParentUuid, deviceTrack(device))
                         .bytes(track::Name, name));
    return uuid;
  }

  // The interned id of a name; new names go into this append's InternedData.
  uint64_t intern(std::unordered_map<std::string, uint64_t> &table, const std::string &name,
                  uint32_t field) {
    auto [it, added] = table.emplace(name, table.size() + 1); // iid 0 means "none"
    if (added)
      interned.message(field,
                       Message().varint(interned::Iid, it->second).bytes(interned::Name, name));
    return it->second;
  }

  // A slice: its BEGIN event has the name, the track and, through the arguments below, the
  // debug annotations and flows.
  Message &slice(uint64_t track_uuid, Ns start, Ns end, const std::string &name) {
    TrackSlice s;
    s.track = track_uuid;
    s.start = start;
    s.end = end;
    s.begin.varint(event::Type, event::SliceBegin);
    s.begin.varint(event::TrackUuid, track_uuid);
    s.begin.varint(event::NameIid, intern(w.event_names_, name, interned::EventNames));
    spans.push_back(std::move(s));
    return spans.back().begin;
  }
  Message annotation(const char *name) {
    Message a;
    a.varint(annotation::NameIid,
             intern(w.annotation_names_, name, interned::DebugAnnotationNames));
    return a;
  }
  void arg(Message &e, const char *name, uint64_t value) {
    e.message(event::DebugAnnotations, annotation(name).varint(annotation::UintValue, value));
  }
  void signedArg(Message &e, const char *name, int64_t value) {
    e.message(event::DebugAnnotations, annotation(name).signedVarint(annotation::IntValue, value));
  }
  void arg(Message &e, const char *name, const std::string &value) {
    e.message(event::DebugAnnotations, annotation(name).bytes(annotation::StringValue, value));
  }

  void addEvents(const Summary &s);
  std::string packets();
};

void PerfettoAppend::addEvents(const Summary &s) {
  // Flows join a call and its work when both are written: in this append, or the work in a
  // later one (it overlaps the window and ends after what this append holds). Correlation ids
  // are unique in a process, so they serve as flow ids.
  std::unordered_set<uint32_t> worked;
  for (const GpuActivity &g : m.gpu)
    if (overlaps(g) && (shown(g) || g.end >= anchored.hi))
      worked.insert(g.correlation);

  // Stalls first: a stall that spans exactly one call then encloses it on the thread's track.
  for (size_t i = 0; i < s.stalls.size(); ++i) {
    const Stall &st = s.stalls[i];
    if (!shown(st))
      continue;
    Message &e = slice(threadTrack(st.thread), st.start, st.end, stallSliceName(st));
    arg(e, "site", m.name(st.site));
    arg(e, "bytes", st.bytes);
    signedArg(e, "queued_ns", st.queued_ns);
    signedArg(e, "idle_charged_ns", i < s.stall_idle_ns.size() ? s.stall_idle_ns[i] : 0);
  }
  for (const ApiCall &a : m.api) {
    if (!shown(a))
      continue;
    Message &e = slice(threadTrack(a.thread), a.start, a.end, m.name(a.name));
    arg(e, "correlation", a.correlation);
    if (a.correlation != 0 && worked.count(a.correlation)) {
      e.fixed64(event::FlowIds, a.correlation);
      w.flows_.insert(a.correlation);
    }
  }
  for (const GpuActivity &g : m.gpu) {
    if (!shown(g))
      continue;
    uint64_t uuid =
        deviceChildTrack(TrackKind::Stream, g.device, g.stream, streamTrackName(g.stream));
    Message &e = slice(uuid, g.start, g.end, gpuSliceName(m, g));
    arg(e, "correlation", g.correlation);
    arg(e, "device", g.device);
    arg(e, "stream", g.stream);
    if (g.kind != GpuKind::Kernel)
      arg(e, "bytes", g.bytes);
    if (g.correlation != 0 && w.flows_.erase(g.correlation))
      e.fixed64(event::TerminatingFlowIds, g.correlation);
  }
  for (const DeviceIdle &d : s.idle)
    for (const IdleGap &g : d.gaps) {
      // Both parts of a split stretch are known, and shown, with its end (GpuIdle.h).
      if (!overlaps(g) || !anchored.holds(g.closedAt()))
        continue;
      uint64_t uuid = deviceChildTrack(TrackKind::Idle, d.device, 0, IdleTrackName);
      Message &e = slice(uuid, g.start, g.end, gapSliceName(g));
      arg(e, "cause", std::string(gapCauseName(g.cause)));
      if (g.stall >= 0 && static_cast<size_t>(g.stall) < s.stalls.size())
        arg(e, "stall_site", m.name(s.stalls[g.stall].site));
    }
}

// Descriptors, then the names they intern, then the slices' BEGIN and END events in time
// order. Perfetto's slices on one track must nest, and the trace processor sorts packets by
// timestamp, keeping the file's order for equal ones: so each track's events are put in an
// order that nests (an END before a BEGIN at the same time; a slice that would outlast the
// one enclosing it, which clock skew between records can cause, cut at that one's end), then
// merged by time keeping that order.
std::string PerfettoAppend::packets() {
  struct Edge {
    Ns ts;
    size_t span;
    bool begin;
  };
  std::vector<size_t> order(spans.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const TrackSlice &x = spans[a], &y = spans[b];
    if (x.track != y.track)
      return x.track < y.track;
    if (x.start != y.start)
      return x.start < y.start;
    return x.end > y.end; // the enclosing one first
  });
  std::vector<Edge> edges;
  edges.reserve(2 * spans.size());
  std::vector<size_t> open;
  auto closeUntil = [&](Ns t) {
    while (!open.empty() && spans[open.back()].end <= t) {
      edges.push_back({spans[open.back()].end, open.back(), false});
      open.pop_back();
    }
  };
  for (size_t k = 0; k < order.size(); ++k) {
    size_t i = order[k];
    TrackSlice &s = spans[i];
    if (k > 0 && spans[order[k - 1]].track != s.track)
      closeUntil(INT64_MAX);
    closeUntil(s.start);
    if (!open.empty())
      s.end = std::min(s.end, spans[open.back()].end);
    edges.push_back({s.start, i, true});
    open.push_back(i);
  }
  closeUntil(INT64_MAX);
  std::stable_sort(edges.begin(), edges.end(),
                   [](const Edge &a, const Edge &b) { return a.ts < b.ts; });

  Message out = descriptors;
  if (interned.size() > 0)
    out.message(TracePacketField,
                packetAt(firstTime(), w.clock_id_).message(packet::InternedData, interned));
  for (const Edge &e : edges) {
    const TrackSlice &s = spans[e.span];
    Message end;
    if (!e.begin)
      end.varint(event::Type, event::SliceEnd).varint(event::TrackUuid, s.track);
    out.message(TracePacketField,
                packetAt(e.ts, w.clock_id_).message(packet::TrackEvent, e.begin ? s.begin : end));
  }
  return out.data();
}

PerfettoTraceWriter::~PerfettoTraceWriter() {
  if (fd_ >= 0)
    ::close(fd_);
}

bool PerfettoTraceWriter::open(const std::string &path, const ProcessInfo &p,
                               const std::string &clock, std::string &why) {
  if (fd_ >= 0) {
    why = "already open";
    return false;
  }
  uint32_t clock_id = perfettoBuiltinClock(clock);
  if (clock_id == 0) {
    why = "unknown clock '" + clock + "'";
    return false;
  }
  try {
    process_ = p;
    clock_id_ = clock_id;
    bytes_ = slices_ = 0;
    flows_.clear();
    event_names_.clear();
    annotation_names_.clear();
    tracks_.clear();
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd_ < 0) {
      why = std::strerror(errno);
      return false;
    }
    // The first packet starts the sequence and makes our clock the trace's own: without a
    // snapshot naming it, the trace processor would expect BOOTTIME and could not place
    // timestamps of another clock. Its reading is the clock's time now.
    clockid_t id = clock_id == 1   ? CLOCK_REALTIME
                   : clock_id == 3 ? CLOCK_MONOTONIC
                   : clock_id == 5 ? CLOCK_MONOTONIC_RAW
                                   : CLOCK_BOOTTIME;
    timespec now{};
    clock_gettime(id, &now);
    Message snapshot;
    snapshot.message(clock::Clocks, Message()
                                        .varint(clock::ClockId, clock_id)
                                        .varint(clock::Timestamp,
                                                static_cast<uint64_t>(now.tv_sec) * 1000000000ull +
                                                    static_cast<uint64_t>(now.tv_nsec)));
    snapshot.varint(clock::PrimaryTraceClock, clock_id);
    Message first;
    first.varint(packet::SequenceId, Sequence);
    first.varint(packet::SequenceFlags, packet::IncrementalStateCleared);
    first.message(packet::ClockSnapshot, snapshot);
    // Then the host process's track, which every thread's belongs to.
    uint64_t uuid = trackUuid(TrackKind::Process, 0, 0);
    tracks_.insert(uuid);
    Message process;
    process.signedVarint(track::Pid, p.pid);
    if (!p.command.empty())
      process.bytes(track::Cmdline, p.command);
    process.bytes(track::ProcessName, hostProcessName(p));
    Message second;
    second.varint(packet::SequenceId, Sequence);
    second.varint(packet::SequenceFlags, packet::NeedsIncrementalState);
    second.message(packet::TrackDescriptor,
                   Message().varint(track::Uuid, uuid).message(track::Process, process));
    Message out;
    out.message(TracePacketField, first).message(TracePacketField, second);
    return writePackets(out.data(), why);
  } catch (const std::bad_alloc &) {
    why = "out of memory";
  }
  closeAfterFailure();
  return false;
}

bool PerfettoTraceWriter::append(const TraceModel &m, const Summary &s, std::string &why,
                                 const TimeRange &within, const TimeRange &anchored) {
  if (fd_ < 0) {
    why = "the trace file is not open";
    return false;
  }
  try {
    PerfettoAppend a{*this, m, within, anchored, {}, {}, {}};
    a.addEvents(s);
    if (!writePackets(a.packets(), why))
      return false;
    slices_ += a.spans.size();
    return true;
  } catch (const std::bad_alloc &) {
    why = "out of memory";
  } catch (const std::exception &e) { // std::length_error: a string past max_size()
    why = e.what();
  }
  closeAfterFailure();
  return false;
}

bool PerfettoTraceWriter::close(std::string &why) {
  if (fd_ < 0)
    return true;
  int fd = fd_;
  fd_ = -1;
  // A file system may report a failed write only at close (NFS).
  if (::close(fd) != 0) {
    why = std::strerror(errno);
    return false;
  }
  return true;
}

bool PerfettoTraceWriter::writePackets(const std::string &packets, std::string &why) {
  if (!writeAll(fd_, packets.data(), packets.size())) {
    why = std::strerror(errno);
    closeAfterFailure();
    return false;
  }
  bytes_ += packets.size();
  return true;
}

void PerfettoTraceWriter::closeAfterFailure() {
  if (fd_ >= 0)
    ::close(fd_);
  fd_ = -1;
}

} // namespace hostsync::trace
