// Reads a JSON file with the errors users see: "FILE: cannot read the file", "FILE: not
// valid JSON (truncated or corrupt?): byte N". Shared by every reader of hostsync's formats.
// A gzip-compressed file (`trace-<pid>.json.gz`, recognised by its magic bytes, whatever
// its name) is read through zlib where the build has it (HOSTSYNC_HAVE_ZLIB).
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace hostsync::trace {

bool readJsonFile(const std::string &path, nlohmann::ordered_json &doc, std::string &error);

// Does the file start with gzip's magic bytes?
bool isGzipFile(const std::string &path);

// text compressed as one gzip member (what `gzip -c` writes); false without zlib.
bool gzipText(const std::string &text, std::string &out);

} // namespace hostsync::trace
