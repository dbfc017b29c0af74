// trace.json, version 1 (docs/trace-json.md): the summary of a traced process and the
// events the report needs. A writer takes results, never CUPTI state or options.
#pragma once

#include "analysis/Summary.h"
#include "model/TraceModel.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace hostsync::trace {

// One timeline written (io/TimelineFiles, the worst window): trace.json's "timelines".
struct TimelineEntry {
  std::string name;            // steps-100-120, every-3, profiler-1, signal-2, worst
  std::string reason;          // why this window: "NVTX steps 100-120"...
  std::string file;            // its file's name, in the trace's directory
  Ns start_ns = 0, end_ns = 0; // the window (end: where it closed)
  Ns through_ns = 0;           // every event of the window that ended before this is written
  uint64_t bytes = 0, slices = 0;
  // writing (still open), complete, "ended with the run" (closed at exit before its end),
  // "cut at N MB", or "failed: why" (what was written before stays readable)
  std::string state = "writing";
};

struct ProcessInfo {
  int pid = 0;
  int ppid = 0;     // its parent: which process of a job started which
  std::string rank; // the job's rank (io/JobRank.h), or empty
  std::string local_rank, world_size, launcher, host; // likewise; host: gethostname()
  std::string command;                                // the traced program's command line
  size_t windows = 0;            // cudaProfilerStart..Stop windows analysed (0: the whole run)
  size_t skipped_steps = 0;      // steps left out (HOSTSYNC_SKIP_STEPS)
  std::string ended_by = "exit"; // or the fatal signal that ended the process
  std::vector<TimelineEntry> timelines;
};

constexpr int TraceJsonVersion = 1;

std::string traceJson(const TraceModel &m, const Summary &s, const ProcessInfo &p);
// An address as trace.json writes it ("0x401a2b"), and back (a number is read as it is).
std::string hexAddress(uint64_t address);
uint64_t addressOf(const nlohmann::ordered_json &value);
// One entry of trace.json's "sites" (also rebuilt by the symbolize step).
nlohmann::ordered_json siteJson(const std::string &name, const SiteCost &c);
// A sampled estimate's interval (value written beside it); and read back around its value
// (throws JsonNumberError when the interval does not hold it).
nlohmann::ordered_json estimateJson(const Estimate &e);
Estimate estimateOf(const nlohmann::ordered_json &j, double value);
// The short report printed on stderr at exit; lines (site -> "file:line (function)"), when
// given, name the top sites.
std::string textSummary(const TraceModel &m, const Summary &s, size_t top = 5,
                        const std::map<uint32_t, std::string> &lines = {});

} // namespace hostsync::trace
