// trace.perfetto.json: the Chrome trace event format that ui.perfetto.dev and
// chrome://tracing open (docs/trace-perfetto.md). A track per host thread and per GPU stream,
// a flow arrow from each API call to the GPU work it launched, stalls marked on the host
// threads and sync bubbles on a per-device "idle" track.
#pragma once

#include "analysis/Summary.h"
#include "io/TraceJson.h"

#include <string>

namespace hostsync::trace {

std::string perfettoJson(const TraceModel &m, const Summary &s, const ProcessInfo &p);

} // namespace hostsync::trace
