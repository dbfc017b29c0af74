#include "rules/StallRules.h"

#include <algorithm>

namespace hostsync {

namespace {
bool contains(const std::vector<std::string> &List, const std::string &S) {
  return std::find(List.begin(), List.end(), S) != List.end();
}

// The name without versioned inline namespaces, which are all capitals, digits and '_'
// (CCCL's thrust::THRUST_200500_SM_90_NS::transform is thrust::transform to a reader).
std::string withoutVersionNamespaces(const std::string &F) {
  std::string Out;
  size_t At = 0;
  while (At < F.size()) {
    size_t End = F.find("::", At);
    std::string Part = F.substr(At, End == std::string::npos ? End : End - At);
    bool Version = End != std::string::npos && !Part.empty() &&
                   std::all_of(Part.begin(), Part.end(), [](char C) {
                     return (C >= 'A' && C <= 'Z') || (C >= '0' && C <= '9') || C == '_';
                   });
    if (!Version)
      Out += End == std::string::npos ? Part : Part + "::";
    At = End == std::string::npos ? F.size() : End + 2;
  }
  return Out;
}
} // namespace

bool isLibraryFunction(const Catalog &C, const std::string &Function) {
  return std::any_of(C.libraries().begin(), C.libraries().end(),
                     [&](const std::string &P) { return Function.rfind(P, 0) == 0; });
}

StallRule ruleOfStall(const Catalog &C, const std::vector<std::string> &Functions,
                      const std::string &Api, const std::string &Class,
                      const std::vector<std::string> &AtenOps) {
  for (auto Op = AtenOps.rbegin(); Op != AtenOps.rend(); ++Op)
    for (const RuleInfo &R : C.rules())
      for (const RuleInfo::StallSignature &S : R.Stalls)
        for (const std::string &Named : S.AtenOps)
          if (*Op == Named || Op->rfind(Named + ".", 0) == 0)
            return {R.Id, *Op};
  std::string Outermost; // the outermost library function: the op, when no rule names it
  for (auto F = Functions.rbegin(); F != Functions.rend(); ++F) {
    if (!isLibraryFunction(C, *F))
      continue;
    if (Outermost.empty())
      Outermost = *F;
    const std::string Name = withoutVersionNamespaces(*F);
    const RuleInfo *Best = nullptr;
    size_t BestLength = 0;
    for (const RuleInfo &R : C.rules())
      for (const RuleInfo::StallSignature &S : R.Stalls)
        for (const std::string &Needle : S.Functions)
          if (Needle.size() > BestLength && Name.find(Needle) != std::string::npos) {
            Best = &R;
            BestLength = Needle.size();
          }
    if (Best)
      return {Best->Id, *F};
  }
  for (const RuleInfo &R : C.rules())
    for (const RuleInfo::StallSignature &S : R.Stalls)
      if (contains(S.Apis, Api) && (S.Classes.empty() || contains(S.Classes, Class)) &&
          !(S.OutsideLibraries && !Outermost.empty()))
        return {R.Id, Outermost};
  for (const RuleInfo &R : C.rules())
    for (const RuleInfo::StallSignature &S : R.Stalls)
      if (S.Apis.empty() && contains(S.Classes, Class))
        return {R.Id, Outermost};
  return {C.unmatchedStallRule(), Outermost};
}

} // namespace hostsync
