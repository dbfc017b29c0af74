#include "rules/StallRules.h"

#include <algorithm>

namespace hostsync {

namespace {
bool contains(const std::vector<std::string> &List, const std::string &S) {
  return std::find(List.begin(), List.end(), S) != List.end();
}
} // namespace

bool isLibraryFunction(const Catalog &C, const std::string &Function) {
  return std::any_of(C.libraries().begin(), C.libraries().end(),
                     [&](const std::string &P) { return Function.rfind(P, 0) == 0; });
}

StallRule ruleOfStall(const Catalog &C, const std::vector<std::string> &Functions,
                      const std::string &Api, const std::string &Class) {
  bool LibraryFrame = false;
  for (auto F = Functions.rbegin(); F != Functions.rend(); ++F) {
    if (!isLibraryFunction(C, *F))
      continue;
    LibraryFrame = true;
    const RuleInfo *Best = nullptr;
    size_t BestLength = 0;
    for (const RuleInfo &R : C.rules())
      for (const RuleInfo::StallSignature &S : R.Stalls)
        for (const std::string &Name : S.Functions)
          if (Name.size() > BestLength && F->find(Name) != std::string::npos) {
            Best = &R;
            BestLength = Name.size();
          }
    if (Best)
      return {Best->Id, *F};
  }
  for (const RuleInfo &R : C.rules())
    for (const RuleInfo::StallSignature &S : R.Stalls)
      if (contains(S.Apis, Api) && (S.Classes.empty() || contains(S.Classes, Class)) &&
          !(S.OutsideLibraries && LibraryFrame))
        return {R.Id, ""};
  for (const RuleInfo &R : C.rules())
    for (const RuleInfo::StallSignature &S : R.Stalls)
      if (S.Apis.empty() && contains(S.Classes, Class))
        return {R.Id, ""};
  return {C.unmatchedStallRule(), ""};
}

} // namespace hostsync
