#include "input/RuleCatalog.h"

#include "CatalogJson.inc" // kCatalogJson, generated from rules/catalog.json

#include <nlohmann/json.hpp>

namespace hostsync::report {

std::map<std::string, RuleInfo> embeddedRuleCatalog() {
  std::map<std::string, RuleInfo> out;
  // The build checks the catalog (catalog_docs_agree); a parse error here is a build defect.
  nlohmann::json doc = nlohmann::json::parse(kCatalogJson);
  for (const auto &r : doc.at("rules")) {
    const auto &fix = r.at("fix");
    out[r.at("id")] = {r.value("title", ""), r.value("why", ""), fix.value("summary", ""),
                       fix.value("before", ""), fix.value("after", "")};
  }
  return out;
}

} // namespace hostsync::report
