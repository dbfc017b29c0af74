#include "model/MacroExpansions.h"

#include <map>
#include <utility>

namespace hostsync {

namespace {

// Is A the better one to report: hotter, then on CUDA, then earlier in file order?
bool reportsBetter(const Finding &A, const Finding &B) {
  if (A.InBaseline != B.InBaseline) // a new expansion is what a gate must see
    return !A.InBaseline;
  if (A.LoopRank != B.LoopRank)
    return A.LoopRank > B.LoopRank;
  bool CudaA = A.Device == DeviceConfidence::Cuda, CudaB = B.Device == DeviceConfidence::Cuda;
  if (CudaA != CudaB)
    return CudaA;
  return findingOrder(A, B);
}
} // namespace

void groupMacroExpansions(std::vector<Finding> &Findings) {
  std::map<std::pair<std::string, std::string>, std::vector<size_t>> Groups;
  for (size_t I = 0; I < Findings.size(); ++I)
    if (!Findings[I].MacroSite.empty() && !Findings[I].Suppressed &&
        Findings[I].Device != DeviceConfidence::Cpu)
      Groups[{Findings[I].Rule, Findings[I].MacroSite}].push_back(I);
  std::vector<bool> Drop(Findings.size(), false);
  for (const auto &[Key, Members] : Groups) {
    if (Members.size() < 2)
      continue;
    size_t Best = Members.front();
    for (size_t I : Members)
      if (reportsBetter(Findings[I], Findings[Best]))
        Best = I;
    Finding &Kept = Findings[Best];
    for (size_t I : Members) {
      if (I == Best)
        continue;
      const Finding &Other = Findings[I];
      if (Kept.Related.size() < MaxRelated)
        Kept.Related.push_back({Other.File, Other.Line, Other.Column,
                                "the same sync, expanded here (" +
                                    std::string(rankName(Other.LoopRank)) + ": " +
                                    Other.RankReason + ")"});
      // What pointed at the dropped expansion (the calls that reach it) now points here.
      for (const RelatedLocation &L : Other.Related)
        if (Kept.Related.size() < MaxRelated)
          Kept.Related.push_back(L);
      Kept.Reaches.insert(Kept.Reaches.end(), Other.Reaches.begin(), Other.Reaches.end());
      Drop[I] = true;
    }
  }
  size_t Out = 0;
  for (size_t I = 0; I < Findings.size(); ++I)
    if (!Drop[I])
      if (Out++ != I)
        Findings[Out - 1] = std::move(Findings[I]);
  Findings.resize(Out);
}

} // namespace hostsync
