#include "input/JsonErrors.h"

namespace hostsync::report {

using J = nlohmann::ordered_json;

std::string plainMessage(const std::exception &e) {
  std::string s = e.what();
  if (s.rfind("[json.exception.", 0) == 0 && s.find("] ") != std::string::npos)
    s = s.substr(s.find("] ") + 2);
  return s;
}

bool readJson(const std::string &path, J &doc, std::string &error, JsonReader read) {
  try {
    return read(path, doc, error);
  } catch (const J::exception &e) {
    error = path + ": not valid JSON: " + plainMessage(e);
  }
  return false;
}

} // namespace hostsync::report
