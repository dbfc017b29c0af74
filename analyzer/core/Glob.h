// Rule-id globs ('*' matches any run of characters), shared by --checks and NOLINT(...).
#pragma once

#include <string>

namespace hostsync {

bool globMatch(const char *Pattern, const char *Text);
inline bool globMatch(const std::string &Pattern, const std::string &Text) {
  return globMatch(Pattern.c_str(), Text.c_str());
}

} // namespace hostsync
