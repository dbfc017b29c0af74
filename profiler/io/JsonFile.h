// Reads a JSON file with the errors users see: "FILE: cannot read the file",
// "FILE:4:30: not valid JSON: unexpected '}'; expected string literal". Shared by every
// reader of hostsync's formats, with the one way its writers turn a document into text.
// A gzip-compressed file (`trace-<pid>.json.gz`, recognised by its magic bytes, whatever
// its name) is read through zlib where the build has it (HOSTSYNC_HAVE_ZLIB); its JSON
// errors name the line and column of the decompressed text: "FILE.gz: not valid JSON at
// 1:3001 of the decompressed text: unexpected end of input".
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace hostsync::trace {

bool readJsonFile(const std::string &path, nlohmann::ordered_json &doc, std::string &error);

// The document as text, ending with a newline; indent as nlohmann's dump() (-1: one line).
// Bytes that are not UTF-8 (a command line or file name in Latin-1, a symbol from addr2line)
// follow the rule of common/Utf8.h (\xHH) instead of throwing: a writer must not lose a
// whole trace to one such byte, and a file name stays the name of one file.
std::string jsonText(const nlohmann::ordered_json &doc, int indent = -1);

// Does the file start with gzip's magic bytes?
bool isGzipFile(const std::string &path);

// text compressed as one gzip member (what `gzip -c` writes); false without zlib.
bool gzipText(const std::string &text, std::string &out);

} // namespace hostsync::trace
