// What one run and `hostsync-lint merge` (of shards) do alike once every file is analysed:
// after the project pass has closed the devices (mergeFindings), each finding's
// configuration (.hostsync.yaml: Exclude, MinRank, Severity, devices), --diff and
// --baseline, then the JSON or SARIF output.
#pragma once

#include "ci/Baseline.h"
#include "config/Config.h"
#include "ci/Diff.h"
#include "model/TUResult.h"
#include "config/SarifLinks.h"
#include "output/Writers.h"

#include <optional>
#include <string>
#include <vector>

namespace hostsync {

// What decides the findings after the project pass: the same in every shard of one run.
struct AfterProjectPass {
  DevicePolicy Devices;                  // --unknown-device-severity, --report-cpu
  std::optional<ChangedLines> Changed;   // --diff
  std::optional<Baseline> Accepted;      // --baseline
  std::string Root;                      // --source-root, absolute
  std::string AssumeDevice, MinSeverity; // as the JSON output names them
  std::vector<std::string> EnabledRules;
  SarifLinks Links; // --rule-docs-url, --information-uri (SARIF only)
};

// Applies the settings to the project pass's findings; false with Error (a configuration
// file that cannot be read).
bool applyAfterProjectPass(std::vector<Finding> &Findings, const ConfigLookup &Configs,
                           const AfterProjectPass &After, std::string &Error);

JsonRunInfo jsonRunInfo(const AfterProjectPass &After, double AnalysisSeconds,
                        double ProjectPassSeconds);

} // namespace hostsync
