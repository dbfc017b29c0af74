// One interface for the findings outputs, and the writer of each format: main and merge
// pick a writer by format instead of calling each format's function with its own
// arguments. A writer reads what the run found (RunResults), never its options or its
// configuration: the driver turns those into RunResults' plain fields.
#pragma once

#include "config/SarifLinks.h"
#include "model/Finding.h"
#include "model/TUResult.h"
#include "output/OutputFormat.h"
#include "output/Writers.h"

#include <ostream>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace hostsync {

// Everything an output is written from; each format reads the part it needs.
struct RunResults {
  const std::vector<Finding> &Findings;
  const std::vector<TUResult> &TUs;
  const JsonRunInfo &Run;        // JSON's run and summary; Run.BaselineGiven for SARIF too
  const std::string &Root;       // --source-root, absolute: files under it are named relative
  const std::string &GithubRoot; // the same for GitHub annotations ("": absolute paths)
  const SarifLinks &Links;
  bool Color;                          // text: colour as clang does
  const nlohmann::ordered_json &Shard; // a shard's facts for merge (JSON, SARIF), or null
};

class Writer {
public:
  virtual ~Writer() = default;
  virtual void write(std::ostream &OS, const RunResults &R) const = 0;
};

// The writer of Format (a table: one entry per format).
const Writer &writerFor(OutputFormat Format);

} // namespace hostsync
