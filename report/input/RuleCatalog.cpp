#include "input/RuleCatalog.h"

#include "rules/Catalog.h"

namespace hostsync::report {

std::map<std::string, RuleInfo> embeddedRuleCatalog() {
  std::map<std::string, RuleInfo> out;
  for (const hostsync::RuleInfo &r : Catalog::embedded().rules())
    out[r.Id] = {r.Title, r.Why, r.FixSummary, r.FixBefore, r.FixAfter};
  return out;
}

} // namespace hostsync::report
