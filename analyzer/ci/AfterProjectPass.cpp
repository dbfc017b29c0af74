#include "ci/AfterProjectPass.h"
#include "model/CallFindings.h"
#include "model/MacroExpansions.h"

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
  // On what is reported: a macro's expansions grouped, and a call's finding a note while
  // its callee's own finding is there (a CPU expansion dropped by the device policy, or an
  // excluded callee, leaves the others standing).
  groupMacroExpansions(Findings);
  noteRepeatedCalls(Findings);
  return true;
}

JsonRunInfo jsonRunInfo(const AfterProjectPass &After, double AnalysisSeconds,
                        double ProjectPassSeconds) {
  return {After.AssumeDevice,         After.MinSeverity, After.EnabledRules,
          After.Accepted.has_value(), AnalysisSeconds,   ProjectPassSeconds};
}

} // namespace hostsync
