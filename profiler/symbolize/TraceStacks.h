// The symbolize step on trace.json files: reads the modules and raw stacks a traced process
// wrote, resolves them, and stores each stack's frames and first user frame in the file.
#pragma once

#include "analysis/Summary.h"
#include "symbolize/Symbolizer.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace hostsync::trace {

// Expands directories into the trace-*.json and trace-*.json.gz files they hold (not
// .perfetto.json, not the .tmp-* of a write in progress); a file named twice is listed once.
// False with a one-line error when an input is missing.
bool traceFilesIn(const std::vector<std::string> &inputs, std::vector<std::string> &files,
                  std::string &error);

// Reads a trace.json, checking that it is one: "FILE: what is wrong" on failure.
bool loadTraceJson(const std::string &path, nlohmann::ordered_json &doc, std::string &error);

struct SymbolizeOutcome {
  std::vector<std::string> problems; // one line per module that could not be read
  size_t unresolved = 0;             // frames of those modules left "??"
  size_t kept = 0;                   // frames of those modules kept from an earlier run
};
// Adds "frames" and "user_frame" to every stack of a loaded trace.json document, keeping the
// frames an earlier run resolved better (symbolize/KeepResolved.h).
SymbolizeOutcome symbolizeTraceDoc(nlohmann::ordered_json &doc, const SymbolizeOptions &options);

struct SymbolizeResult {
  std::string error; // the file could not be read or written; it is then left as it was
  std::vector<std::string> problems;
  size_t stacks = 0, with_user_frame = 0;
  size_t with_python_user_frame = 0; // of the others: a user frame in Python code
  size_t unresolved = 0;             // frames left "??" because their module could not be read
};
SymbolizeResult symbolizeTraceFile(const std::string &path, const SymbolizeOptions &options);

// One entry of trace.json's sites with its stall lengths (`lengths`) and, where written, its
// syncs by part of the run (`phases`); `where` names it in the JsonNumberError it throws.
SiteCost readSite(const nlohmann::ordered_json &site, const std::string &where);

} // namespace hostsync::trace
