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
TraceFiles writeTraceFiles(const std::string &dir, const TraceModel &m, const Summary &s,
                           const ProcessInfo &p, bool perfetto);

} // namespace hostsync::trace
