// Paths relative to --source-root: how SARIF, Code Quality and baselines name files, so
// that results from different checkouts of one repository agree.
#pragma once

#include "support/AbsolutePath.h"

#include <cstdlib>
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

// The root of --format=github's paths: --source-root when given, else $GITHUB_WORKSPACE (the
// checkout in a GitHub Actions job) when set, else "" (absolute paths). GitHub attaches an
// annotation to the diff only when its path is relative to the repository.
inline std::string githubRoot(const std::string &GivenRoot) {
  if (!GivenRoot.empty())
    return absolutePath(GivenRoot);
  const char *Workspace = std::getenv("GITHUB_WORKSPACE");
  return Workspace && *Workspace ? absolutePath(Workspace) : "";
}

} // namespace hostsync
