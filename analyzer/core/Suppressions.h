// NOLINT comments, as clang-tidy reads them: `// NOLINT`, `// NOLINT(rule-glob, ...)`,
// `// NOLINTNEXTLINE(...)` on the line before, and `// NOLINTBEGIN(...)` ... `// NOLINTEND(...)`
// around a region. Text after the closing parenthesis (": once, for the check") is the
// stated reason, kept with the suppressed finding.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hostsync {

struct Suppression {
  std::string Reason; // may be empty
};

class SuppressionIndex {
public:
  // Scans a file's text once. Python's comments begin with '#', and read `# noqa` (every
  // rule) and `# noqa: hostsync-item, ...` too, as flake8 and ruff do.
  enum class Comments { Cpp, Python };
  explicit SuppressionIndex(const std::string &Text, Comments Style = Comments::Cpp);
  // The suppression covering this rule on this 1-based line, if any.
  std::optional<Suppression> find(const std::string &Rule, unsigned Line) const;
  // "line N: unmatched NOLINTBEGIN" and the like.
  const std::vector<std::string> &errors() const { return Errors; }

private:
  bool noqa(const std::string &Comment, unsigned LineNo); // true when Comment is one
  struct Mark {
    unsigned Line;
    std::vector<std::string> Globs; // empty: every rule
    std::string Reason;
  };
  struct Region {
    unsigned First, Last;
    std::vector<std::string> Globs;
    std::string Reason;
  };
  std::vector<Mark> SameLine, NextLine;
  std::vector<Region> Regions;
  std::vector<std::string> Errors;
};

} // namespace hostsync
