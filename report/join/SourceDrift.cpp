#include "join/SourceDrift.h"

#include "join/Paths.h"
#include "symbolize/SourceHashes.h"

#include <set>

namespace hostsync::report {

void checkSourceDrift(Report &report, const JoinOptions &options) {
  std::set<std::string> said;
  for (const TracedRun &run : report.runs)
    for (const auto &[file, then] : run.source_hashes) {
      std::string now;
      for (const std::string &path : {file, options.source_root + "/" + file})
        if (now.empty())
          now = hostsync::trace::sourceFileHash(path);
      if (now.empty() || now == then || !said.insert(file).second)
        continue;
      std::string base = run.source.substr(run.source.rfind('/') + 1);
      report.warnings.push_back(file + ": edited since " + base +
                                " was symbolized; the lines of its sites may not be the lines "
                                "that stalled (trace it again)");
      for (Site &s : report.sites)
        if (s.where.known() &&
            (s.where.file == file || relativeTo(file, options.source_root) == s.where.file))
          s.source_changed = true;
    }
}

} // namespace hostsync::report
