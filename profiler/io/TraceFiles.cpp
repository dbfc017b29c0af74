#include "io/TraceFiles.h"

#include "io/AtomicFile.h"
#include "io/PerfettoJson.h"
#include "io/PerfettoTrace.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <sys/stat.h>

namespace hostsync::trace {

namespace {
// Renders and writes one file; false with one line in errors.
bool writeOne(const std::string &path, const std::function<std::string()> &render,
              std::vector<std::string> &errors) {
  std::string why;
  try {
    if (writeFileAtomically(path, render(), why))
      return true;
  } catch (const std::exception &e) { // std::bad_alloc on a huge trace, above all
    why = e.what();
  }
  errors.push_back("cannot write " + path + ": " + why);
  return false;
}
} // namespace

std::string traceStem(const std::string &dir, const ProcessInfo &p) {
  return dir + "/trace-" + std::to_string(p.pid) + (p.rank.empty() ? "" : "-rank" + p.rank);
}

std::string fileName(const std::string &path) { return path.substr(path.find_last_of('/') + 1); }

std::string finishPartial(const std::string &temporary, const std::string &path) {
  if (std::rename(temporary.c_str(), path.c_str()) == 0)
    return "";
  std::string why = std::strerror(errno);
  std::remove(temporary.c_str());
  return why;
}

std::string writePerfettoWindow(const std::string &dir, const TraceModel &m, const Summary &s,
                                const ProcessInfo &p, const TimeRange &window,
                                TimelineEntry *written) {
  if (window.hi <= window.lo)
    return "no timeline written: the window [" + std::to_string(window.lo) + ", " +
           std::to_string(window.hi) + ") is empty";
  mkdir(dir.c_str(), 0755);
  std::string path = traceStem(dir, p) + ".perfetto-trace", temporary = path + ".partial";
  PerfettoTraceWriter native;
  std::string why;
  if (!native.open(temporary, p, m.clock, why) || !native.append(m, s, why, window) ||
      !native.close(why)) {
    std::remove(temporary.c_str()); // a full disk: the earlier window stays as it was
    return "cannot write " + path + ": " + why;
  }
  why = finishPartial(temporary, path);
  if (!why.empty())
    return "cannot write " + path + ": " + why;
  if (written) {
    written->file = fileName(path);
    written->start_ns = window.lo;
    written->end_ns = written->through_ns = window.hi;
    written->bytes = native.bytesWritten();
    written->slices = native.slicesWritten();
    written->state = "complete";
  }
  return "";
}

std::string timelineProblem(const TimelineEntry &t) {
  if (t.start_ns < 0)
    return "start_ns is negative: " + std::to_string(t.start_ns);
  if (t.end_ns < t.start_ns)
    return "end_ns before start_ns";
  if (t.through_ns < 0)
    return "through_ns is negative: " + std::to_string(t.through_ns);
  return "";
}

TraceFiles writeTraceFiles(const std::string &dir, const TraceModel &m, const Summary &s,
                           const ProcessInfo &given, PerfettoFiles perfetto,
                           const Summary *recentSummary) {
  TraceFiles out;
  mkdir(dir.c_str(), 0755); // the launcher made it; HOSTSYNC_OUT alone may name a new one
  // What the report would refuse is caught here, where it is made: a timeline whose times
  // are no times is left out of the listing with one line, and the trace stays readable.
  ProcessInfo p = given;
  p.timelines.clear();
  for (const TimelineEntry &t : given.timelines)
    if (std::string why = timelineProblem(t); why.empty())
      p.timelines.push_back(t);
    else
      out.errors.push_back("timeline " + t.name +
                           " left out of the trace (a bug, please report "
                           "it): " +
                           why);
  std::string stem = traceStem(dir, p);
  if (!writeOne(
          stem + ".json", [&] { return traceJson(m, s, p); }, out.errors)) {
    out.errors.back() += "; no trace for pid " + std::to_string(p.pid);
    return out;
  }
  out.trace = stem + ".json";
  const Summary &recent = recentSummary ? *recentSummary : s;
  if (perfetto == PerfettoFiles::Json || perfetto == PerfettoFiles::NativeAndJson)
    writeOne(
        stem + ".perfetto.json", [&] { return perfettoJson(m, recent, p); }, out.errors);
  if (perfetto != PerfettoFiles::None) {
    PerfettoTraceWriter native;
    std::string why;
    std::string path = stem + ".perfetto-trace";
    if (!native.open(path, p, m.clock, why) || !native.append(m, recent, why) || !native.close(why))
      out.errors.push_back("cannot write " + path + ": " + why);
  }
  return out;
}

} // namespace hostsync::trace
