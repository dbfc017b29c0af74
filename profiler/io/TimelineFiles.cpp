#include "io/TimelineFiles.h"

#include "io/TraceFiles.h"

#include <algorithm>
#include <sys/stat.h>

namespace hostsync::trace {

void TimelineFiles::onSlice(const TraceModel &m, const Summary &held, const TimeRange &slice,
                            const std::vector<PlannedWindow> &windows,
                            const TimelineOptions &options) {
  Ns runEnd = slice.hi == Never ? m.lastEnd() : Never;
  for (size_t i = 0; i < windows.size(); ++i) {
    const PlannedWindow &w = windows[i];
    bool first = i == entries_.size();
    if (first) {
      // The plan lists windows as they are found, not by time: one that begins after this
      // slice waits for its fold, and the later ones with it.
      if (w.range.lo >= slice.hi)
        break;
      TimelineEntry e;
      e.name = w.name;
      e.reason = w.reason;
      e.start_ns = w.range.lo;
      std::string path = traceStem(dir_, process_) + "." + w.name + ".perfetto-trace";
      e.file = fileName(path) + ".partial";
      auto writer = std::make_unique<PerfettoTraceWriter>();
      std::string why;
      mkdir(dir_.c_str(), 0755);
      if (!writer->open(path + ".partial", process_, m.clock, why)) {
        e.state = "failed: " + why;
        messages_.push_back("cannot write " + path + ".partial: " + why);
        writer.reset();
      }
      entries_.push_back(std::move(e));
      open_.push_back({std::move(writer), path});
    }
    Open &o = open_[i];
    if (!o.writer)
      continue;
    TimelineEntry &e = entries_[i];
    // The window may have begun before this slice (it is found a fold late): its first
    // append takes what is still held of it.
    bool closing =
        slice.hi == Never || (w.range.hi != Never && w.range.hi <= slice.hi - options.settle_ns);
    TimeRange anchored{first ? std::min(slice.lo, w.range.lo) : slice.lo, slice.hi};
    std::string why;
    if (!o.writer->append(m, held, why, w.range, anchored)) {
      messages_.push_back("timeline " + w.name + " ends here: cannot write " + o.path +
                          ".partial: " + why);
      e.state = "failed: " + why;
      o.writer.reset();
      continue;
    }
    e.bytes = o.writer->bytesWritten();
    e.slices = o.writer->slicesWritten();
    e.end_ns = std::min(w.range.hi, std::min(slice.hi, runEnd));
    e.through_ns = slice.hi == Never ? runEnd + 1 : slice.hi;
    if (closing)
      close(i, w.range.hi > runEnd ? "ended with the run" : "complete");
    else if (e.bytes > options.max_bytes)
      close(i, "cut at " + (options.max_bytes % (1 << 20)
                                ? std::to_string(options.max_bytes) + " bytes"
                                : std::to_string(options.max_bytes >> 20) + " MB"));
  }
}

void TimelineFiles::close(size_t i, const std::string &state) {
  Open &o = open_[i];
  TimelineEntry &e = entries_[i];
  std::string why;
  bool closed = o.writer->close(why);
  o.writer.reset();
  if (closed)
    why = finishPartial(o.path + ".partial", o.path);
  if (!why.empty()) {
    e.state = "failed: " + why;
    messages_.push_back("cannot write " + o.path + ": " + why);
    return;
  }
  e.state = state;
  e.file = fileName(o.path);
  if (state.rfind("cut at", 0) == 0)
    messages_.push_back("timeline " + e.name + " " + state + " (HOSTSYNC_TIMELINE_MAX_MB)");
}

std::vector<std::string> TimelineFiles::takeMessages() {
  std::vector<std::string> out;
  out.swap(messages_);
  return out;
}

} // namespace hostsync::trace
