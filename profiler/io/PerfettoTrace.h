// trace-<pid>.perfetto-trace: Perfetto's native protobuf trace (docs/trace-perfetto.md), the
// format ui.perfetto.dev and trace_processor read first-hand (they import the JSON of
// io/PerfettoJson.h as "legacy, best effort"). It shows what that JSON shows: a track per
// host thread (API calls, stalls over them), a track per GPU stream (kernels, copies,
// memsets), a per-device "idle gaps" track, and flows from each launch to its GPU work.
//
// Written as a stream: a Trace message is nothing but repeated TracePacket fields, so each
// append adds packets at the end and the file is a whole trace after every call. The
// packets form one sequence whose incremental state (interned names, track descriptors) is
// written the first time something needs it and referred to by number afterwards.
// The field numbers come from third_party/perfetto/protos/perfetto_trace.proto.
#pragma once

#include "analysis/Summary.h"
#include "io/TraceJson.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace hostsync::trace {

class PerfettoTraceWriter {
public:
  PerfettoTraceWriter() = default;
  PerfettoTraceWriter(const PerfettoTraceWriter &) = delete;
  PerfettoTraceWriter &operator=(const PerfettoTraceWriter &) = delete;
  ~PerfettoTraceWriter(); // closes the file, ignoring errors: call close() to see them

  // Opens (creates/truncates) path; false with `why` (strerror text) on failure. clock is
  // TraceModel::clock ("CLOCK_REALTIME", "CLOCK_MONOTONIC"...): the file's timestamps are
  // on it, and an unknown name is refused.
  bool open(const std::string &path, const ProcessInfo &p, const std::string &clock,
            std::string &why);
  // Appends the events of one slice of a run: every api call, gpu activity of m, the stalls
  // of s (with s.stall_idle_ns) and the idle gaps of s.idle. Track descriptors and interned
  // names are written the first time each is needed, across appends. False with `why` on a
  // write error (e.g. ENOSPC: a full disk) — after which the writer is closed and further
  // calls do nothing.
  // Only the events that overlap `within`, when given, and of those only the ones whose end
  // is in `anchored`: a window written fold by fold (io/TimelineFiles) appends each event
  // once, in the fold whose slice holds its end. A launch's flow to its work spans appends
  // when the work is written by a later one.
  bool append(const TraceModel &m, const Summary &s, std::string &why, const TimeRange &within = {},
              const TimeRange &anchored = {});
  // True when nothing is open (never opened, closed already, or closed by a failed append).
  bool close(std::string &why);
  uint64_t bytesWritten() const { return bytes_; }
  uint64_t slicesWritten() const { return slices_; }

private:
  bool writePackets(const std::string &packets, std::string &why);
  void closeAfterFailure();

  int fd_ = -1;
  uint64_t bytes_ = 0;
  uint64_t slices_ = 0;
  uint32_t clock_id_ = 0; // BuiltinClock of the timestamps
  ProcessInfo process_;
  // Incremental state already in the file: interned ids by name, described tracks.
  std::unordered_map<std::string, uint64_t> event_names_, annotation_names_;
  std::unordered_set<uint64_t> tracks_;
  // Launches written with a flow whose work a later append writes (correlation ids).
  std::unordered_set<uint32_t> flows_;
  friend struct PerfettoAppend;
};

// The BuiltinClock value (perfetto_trace.proto) of a TraceModel::clock name; 0 if unknown.
uint32_t perfettoBuiltinClock(const std::string &clock);

} // namespace hostsync::trace
