// One translation unit's device facts (model/DeviceFacts.h) as JSON and back: what the
// result cache keeps with each file's findings, and what the project facts file
// (core/ProjectFactsFile.h) keeps for the clang-tidy module. States are stored as their
// numbers: both files name the hostsync version that wrote them.
#pragma once

#include "model/DeviceFacts.h"

#include <nlohmann/json.hpp>

namespace hostsync {

nlohmann::json toJson(const OpenDevice &D);
nlohmann::json toJson(const TUFacts &Facts);
// Throw (a std::exception) when J is not what toJson writes.
void fromJson(const nlohmann::json &J, OpenDevice &D);
void fromJson(const nlohmann::json &J, TUFacts &Facts);

} // namespace hostsync
