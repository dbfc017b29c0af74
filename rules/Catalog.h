// The rule catalog (rules/catalog.json), embedded in the binary at build time so that
// hostsync-lint is self-contained. Every part of the analyzer reads rule facts from here.
#pragma once

#include <string>
#include <vector>

namespace hostsync {

enum class Severity { Note = 0, Warning = 1, Error = 2 };

const char *severityName(Severity S);
// Parses "note" / "warning" / "error"; returns false for anything else.
bool parseSeverity(const std::string &Text, Severity &Out);

struct RuleInfo {
  std::string Id;
  std::string Title;
  Severity DefaultSeverity = Severity::Warning;
  std::vector<std::string> Ops;
  std::string Why;
  std::string FixSummary;
  std::string FixBefore;
  std::string FixAfter;
  std::vector<std::string> Runtime;
};

class Catalog {
public:
  // The catalog compiled into this binary. Aborts with a message if it is malformed,
  // which a unit test rules out for every build.
  static const Catalog &embedded();
  // Parses catalog JSON text; on failure returns false and sets Error.
  static bool parse(const std::string &Json, Catalog &Out, std::string &Error);
  static const char *embeddedJson();

  const std::vector<RuleInfo> &rules() const { return Rules; }
  const RuleInfo *find(const std::string &Id) const;

private:
  std::vector<RuleInfo> Rules;
};

} // namespace hostsync
