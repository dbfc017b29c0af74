// A translation unit's result (findings before the project pass, its device facts, its
// parse state) as JSON and back: what the result cache stores. The format is private to
// one build of hostsync-lint (the cache key names the binary), so enums are stored as
// their numbers and nothing is versioned.
#pragma once

#include "model/TUResult.h"

#include <nlohmann/json.hpp>

namespace hostsync {

nlohmann::json toJson(const TUResult &R);
// False when the JSON is not a TUResult (a damaged cache entry: analyse the file again).
bool fromJson(const nlohmann::json &J, TUResult &Out);

} // namespace hostsync
