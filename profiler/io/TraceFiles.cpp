#include "io/TraceFiles.h"

#include "io/AtomicFile.h"
#include "io/PerfettoJson.h"

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

TraceFiles writeTraceFiles(const std::string &dir, const TraceModel &m, const Summary &s,
                           const ProcessInfo &p, bool perfetto) {
  TraceFiles out;
  mkdir(dir.c_str(), 0755); // the launcher made it; HOSTSYNC_OUT alone may name a new one
  std::string stem =
      dir + "/trace-" + std::to_string(p.pid) + (p.rank.empty() ? "" : "-rank" + p.rank);
  if (!writeOne(
          stem + ".json", [&] { return traceJson(m, s, p); }, out.errors)) {
    out.errors.back() += "; no trace for pid " + std::to_string(p.pid);
    return out;
  }
  out.trace = stem + ".json";
  if (perfetto)
    writeOne(
        stem + ".perfetto.json", [&] { return perfettoJson(m, s, p); }, out.errors);
  return out;
}

} // namespace hostsync::trace
