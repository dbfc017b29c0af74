// What each source file looked like when a trace's lines were resolved in it: the symbolizer
// stores a hash of every program source file its user frames name ("sources" in trace.json),
// so that a report read later, against a checkout that has moved on, can say that a site's
// line may no longer be the line that stalled instead of showing the wrong code.
#pragma once

#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace hostsync::trace {

// "fnv1a64:<16 hex digits>" of the file's bytes, or "" when it cannot be read or is not a
// regular file (a FIFO, a device). Not a security hash: it tells "the same file" from "an
// edited one".
std::string sourceFileHash(const std::string &path);

// file (as the trace names it) -> hash
using SourceHashes = std::map<std::string, std::string>;

// Reads a trace's "sources" (absent in traces from before it existed: empty).
SourceHashes sourceHashesOf(const nlohmann::ordered_json &doc);

// Writes "sources": for each file named, the hash of the file at readPath(file) now; a file
// that cannot be read now keeps the hash an earlier run stored (never made worse).
void storeSourceHashes(nlohmann::ordered_json &doc,
                       const std::map<std::string, std::string> &readPathOf);

} // namespace hostsync::trace
