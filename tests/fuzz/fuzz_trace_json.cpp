// hostsync-report's reader of trace.json (report/input/TraceRuns.h), which also runs the
// shared loader (profiler/io) and, for stacks not symbolized yet, the symbolize step over the
// document. The step's addr2line is a program that does not exist, so a module path that
// the input names and this machine has costs a failed exec, not a run of addr2line.
#include "FuzzInput.h"
#include "input/TraceRuns.h"

#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hostsync::trace::SymbolizeOptions symbolize;
  symbolize.addr2line = "/nonexistent/hostsync-fuzz-addr2line";
  hostsync::report::Report report;
  std::vector<std::string> warnings;
  std::string error;
  hostsync::report::loadTraceRuns({hostsync::fuzz::inputFile(data, size, "trace-1.json")},
                                  symbolize, report, warnings, error);
  return 0;
}
