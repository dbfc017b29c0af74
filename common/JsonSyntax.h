// Where a text stops being JSON, in words a reader can act on: "4:30" and "unexpected '}';
// expected string literal", where nlohmann's own exception gives a byte count and its tag.
// The readers of JSON files turn it into the error every reader of hostsync's formats shows:
// the tracer's and the report's (profiler/io/JsonFile), the linter's (core/InputFiles).
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>

namespace hostsync::text {

struct JsonSyntaxError {
  std::string where; // "LINE:COLUMN", both from 1, columns in bytes (as compilers count)
  std::string what;  // what the parser found and expected
};

// Parses text into doc; false, with the first error, when it is not JSON. Never throws: a
// number too large for a double is an error pointed at from its first digit.
bool parseJsonText(const std::string &text, nlohmann::ordered_json &doc, JsonSyntaxError &error);

// "line:column" of the byte at offset in text, both from 1; offset text.size() is the end.
std::string lineColumn(const std::string &text, size_t offset);

} // namespace hostsync::text
