// Reads a JSON file with the errors users see: "FILE: cannot read the file", "FILE: not
// valid JSON (truncated or corrupt?): byte N". Shared by every reader of hostsync's formats.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace hostsync::trace {

bool readJsonFile(const std::string &path, nlohmann::ordered_json &doc, std::string &error);

} // namespace hostsync::trace
