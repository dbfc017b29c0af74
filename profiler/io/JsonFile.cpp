#include "io/JsonFile.h"

#include <fstream>

namespace hostsync::trace {

bool readJsonFile(const std::string &path, nlohmann::ordered_json &doc, std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot read the file";
    return false;
  }
  try {
    doc = nlohmann::ordered_json::parse(in);
  } catch (const nlohmann::ordered_json::parse_error &e) {
    error = path + ": not valid JSON (truncated or corrupt?): byte " + std::to_string(e.byte);
    return false;
  }
  return true;
}

} // namespace hostsync::trace
