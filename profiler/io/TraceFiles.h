// The files a traced process leaves at exit: trace-<pid>[-rank<R>].json and, unless turned
// off, its .perfetto.json, each replaced whole or not at all (io/AtomicFile.h), so an
// interrupted or failed write never leaves a truncated trace. Kept out of inject/ so that
// what can go wrong there is tested without a GPU.
#pragma once

#include "analysis/Summary.h"
#include "io/TraceJson.h"
#include "model/TraceModel.h"

#include <string>
#include <vector>

namespace hostsync::trace {

struct TraceFiles {
  std::string trace;               // the trace.json written; empty if it could not be
  std::vector<std::string> errors; // one line each, for stderr ("cannot write PATH: why")
};

// Writes into dir (created when missing). Never throws: the tracer runs inside the user's
// program at its exit, where an exception would end it with std::terminate, and a trace that
// cannot be written must cost one line on stderr, never the program's exit status.
// Which Perfetto files go beside trace.json: none, the Chrome JSON (.perfetto.json), the
// native protobuf trace (.perfetto-trace: writePerfettoWindow), or both.
enum class PerfettoFiles : uint8_t { None, Json, Native, NativeAndJson };

// dir/trace-<pid>[-rank<R>]: every file of the process is named from it.
std::string traceStem(const std::string &dir, const ProcessInfo &p);
// The last part of a path: how trace.json names the files beside it.
std::string fileName(const std::string &path);
// Renames a file written whole as `temporary` to `path`; "" or why not (then it is removed).
std::string finishPartial(const std::string &temporary, const std::string &path);

// `m` and `s` are the run's: its names, stacks and totals. `recent` holds the records the
// Perfetto files show (a folded run holds only its last seconds: analysis/RunFold), and
// `recentSummary` their analysis.
// trace-<pid>[-rank<R>].perfetto-trace: the native Perfetto trace of the events of m that
// overlap `window`, replacing the file whole (written beside it, then renamed). "" or why not;
// `written`, when given and the file is written: its name, window, size and slices.
std::string writePerfettoWindow(const std::string &dir, const TraceModel &m, const Summary &s,
                                const ProcessInfo &p, const TimeRange &window,
                                TimelineEntry *written = nullptr);

// What is wrong with a timeline's times (a negative start, an end before it), or "": such
// an entry is not listed in trace.json (writeTraceFiles says so in errors).
std::string timelineProblem(const TimelineEntry &t);

TraceFiles writeTraceFiles(const std::string &dir, const TraceModel &m, const Summary &s,
                           const ProcessInfo &p, PerfettoFiles perfetto,
                           const Summary *recentSummary = nullptr);

} // namespace hostsync::trace
