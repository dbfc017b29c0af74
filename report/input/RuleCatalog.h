// The rule catalog (rules/catalog.json), compiled into the report so that a report shows
// each rule's explanation and its before/after fix exactly as the analyzer and docs do.
#pragma once

#include "model/ReportModel.h"

#include <map>
#include <string>

namespace hostsync::report {

std::map<std::string, RuleInfo> embeddedRuleCatalog();

} // namespace hostsync::report
