// JSON input errors in the report's words. The readers shared with the tracer
// (profiler/io/JsonFile.h) already say where a text stops being JSON ("findings.json:3:14:
// not valid JSON: unexpected '}'; expected string literal"); what they throw (a value of
// the wrong type in a trace they check) becomes one line here, never an abort.
#pragma once

#include <nlohmann/json.hpp>

#include <exception>
#include <string>

namespace hostsync::report {

using JsonReader = bool (*)(const std::string &path, nlohmann::ordered_json &doc,
                            std::string &error);

// read(path, doc, error) (trace::readJsonFile, trace::loadTraceJson), never throwing.
bool readJson(const std::string &path, nlohmann::ordered_json &doc, std::string &error,
              JsonReader read);

// An exception's message without nlohmann's "[json.exception.type_error.302] " tag: "type
// must be string, but is number", "key 'rule' not found".
std::string plainMessage(const std::exception &e);

} // namespace hostsync::report
