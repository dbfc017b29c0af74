// Paths relative to --source-root: how SARIF, Code Quality and baselines name files, so
// that results from different checkouts of one repository agree.
#pragma once

#include <optional>
#include <string>

namespace hostsync {

// File relative to Root when it lies under it; nothing otherwise.
inline std::optional<std::string> underRoot(const std::string &File, const std::string &Root) {
  if (Root.empty() || File.size() <= Root.size() + 1 || File.compare(0, Root.size(), Root) != 0 ||
      File[Root.size()] != '/')
    return std::nullopt;
  return File.substr(Root.size() + 1);
}

// File relative to Root when under it, else unchanged.
inline std::string relativeToRoot(const std::string &File, const std::string &Root) {
  return underRoot(File, Root).value_or(File);
}

} // namespace hostsync
