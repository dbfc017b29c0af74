// JSON input errors in the report's words. The readers shared with the tracer say "not valid
// JSON (truncated or corrupt?): byte N", and a number too large for a double escapes them as
// nlohmann's exception; here such a failure becomes one line with the place a reader can go
// to, "findings.json:3:14: not valid JSON: unexpected '}'; expected string literal".
#pragma once

#include <nlohmann/json.hpp>

#include <exception>
#include <string>

namespace hostsync::report {

using JsonReader = bool (*)(const std::string &path, nlohmann::ordered_json &doc,
                            std::string &error);

// read(path, doc, error) (trace::readJsonFile, trace::loadTraceJson), never throwing. When it
// fails on a plain file (not gzip: its offsets are in the decompressed text) whose text is
// not JSON, error says where: "PATH:LINE:COLUMN: not valid JSON: what"; other failures keep
// the reader's error. The file is read again only then: a valid input is parsed once.
bool readJson(const std::string &path, nlohmann::ordered_json &doc, std::string &error,
              JsonReader read);

// "line:column" of the byte at offset in text, both from 1 (columns count bytes, as
// compilers do); offset text.size() is the end of the text.
std::string lineColumn(const std::string &text, size_t offset);

// An exception's message without nlohmann's "[json.exception.type_error.302] " tag: "type
// must be string, but is number", "key 'rule' not found".
std::string plainMessage(const std::exception &e);

} // namespace hostsync::report
