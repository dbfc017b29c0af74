// Reading an input file (a baseline, a compile database, a configuration) with errors in our
// own words: "<path>: is a directory, expected a file", and for JSON
// "<path>:<line>:<column>: not valid JSON: <what>" (common/JsonSyntax, the same words as the
// tracer's and the report's readers); the caller adds what the content should have been.
// No LLVM: the linter's core reads its inputs with it.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace hostsync {

// False with a one-line Error when Path is missing, not a regular file, unreadable, or not
// JSON.
bool readJsonFile(const std::string &Path, nlohmann::ordered_json &Out, std::string &Error);

// Checks that Path names a regular file that can be read ("<path>: is a directory").
bool checkReadableFile(const std::string &Path, std::string &Error);

// A member of the given type (false when O is not an object, the key is absent or of
// another type).
bool stringMember(const nlohmann::ordered_json &O, const char *Key, std::string &Out);
bool integerMember(const nlohmann::ordered_json &O, const char *Key, int64_t &Out);

} // namespace hostsync
