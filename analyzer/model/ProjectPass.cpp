#include "model/ProjectPass.h"

#include "model/CallFindings.h"
#include "model/DeviceFacts.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace hostsync {

std::vector<Finding> mergeFindings(const std::vector<TUResult> &Results) {
  std::vector<Finding> All;
  std::vector<ProjectCall> Calls;
  ProjectFacts Facts;
  for (const TUResult &R : Results) {
    All.insert(All.end(), R.Findings.begin(), R.Findings.end());
    Calls.insert(Calls.end(), R.Calls.begin(), R.Calls.end());
    Facts.add(R.Facts);
  }
  Facts.solve();
  closeDevices(All, Facts);
  // Same rule and place: keep one, ranked by the hottest TU's view of it, on the device that
  // TU gave it (headers: CUDA if any TU says so).
  std::sort(All.begin(), All.end(), [](const Finding &A, const Finding &B) {
    return std::tie(A.File, A.Line, A.Column, A.Rule, B.LoopRank, A.Device) <
           std::tie(B.File, B.Line, B.Column, B.Rule, A.LoopRank, B.Device);
  });
  All.erase(std::unique(All.begin(), All.end(), sameFinding), All.end());
  // A line another TU analysed (a header's template instantiated there) needs no note read
  // from its text here.
  std::set<std::pair<std::string, unsigned>> Analysed;
  for (const Finding &F : All)
    if (!F.ReadFromText)
      Analysed.insert({F.File, F.Line});
  All.erase(std::remove_if(All.begin(), All.end(),
                           [&](const Finding &F) {
                             return F.ReadFromText && Analysed.count({F.File, F.Line});
                           }),
            All.end());
  addCallFindings(All, Calls, Facts);
  std::stable_sort(All.begin(), All.end(), findingOrder);
  return All;
}

} // namespace hostsync
