#include "ci/AfterProjectPass.h"

#include <algorithm>

namespace hostsync {

bool applyAfterProjectPass(std::vector<Finding> &Findings, const ConfigLookup &Configs,
                           const AfterProjectPass &After, std::string &Error) {
  if (!applyConfig(Configs, Findings, After.Devices, Error))
    return false;
  if (After.Changed)
    Findings.erase(std::remove_if(Findings.begin(), Findings.end(),
                                  [&](const Finding &F) {
                                    auto It = After.Changed->find(F.File);
                                    return It == After.Changed->end() || !It->second.count(F.Line);
                                  }),
                   Findings.end());
  if (After.Accepted)
    applyBaseline(*After.Accepted, Findings, After.Root);
  return true;
}

JsonRunInfo jsonRunInfo(const AfterProjectPass &After, double AnalysisSeconds,
                        double ProjectPassSeconds) {
  return {After.AssumeDevice,         After.MinSeverity, After.EnabledRules,
          After.Accepted.has_value(), AnalysisSeconds,   ProjectPassSeconds};
}

} // namespace hostsync
