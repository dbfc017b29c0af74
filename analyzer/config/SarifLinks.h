// Where a SARIF viewer sends a reader: each rule's page (helpUri) and the tool's home
// (informationUri). --rule-docs-url / --information-uri, or the RuleDocsUrl /
// InformationUri keys of the source root's .hostsync.yaml, set them; by default a rule
// links to its page installed with hostsync (share/doc/hostsync/rules/, or docs/rules/ of
// the source tree a build runs from), and the tool links to the homepage the build was
// configured with (HOSTSYNC_HOMEPAGE_URL), or to nothing.
#pragma once

#include <cctype>
#include <string>

namespace hostsync {

struct SarifLinks {
  std::string RuleDocs;    // a base URL, or a template with {rule}; "" for no helpUri
  std::string Information; // "" for no informationUri
};

// The helpUri of a rule: RuleDocs with "{rule}" replaced by the id where it holds one,
// else RuleDocs + "/" + id + ".md" ("" when RuleDocs is "").
std::string ruleHelpUri(const std::string &RuleDocs, const std::string &RuleId);

// The rule pages next to the running tool (Argv0), as a file:// base URL; "" when neither
// an install's nor the source tree's pages are there.
std::string defaultRuleDocs(const char *Argv0);

// The homepage the build was configured with ("" when none).
std::string defaultInformationUri();

// An absolute URI (a scheme, ':', then no blanks): what SARIF's "uri" format asks for.
// Error names the option or key (What) and the value. Inline: the configuration's reader
// checks its keys with it and links nothing else of SARIF's.
inline bool checkUri(const std::string &Uri, const std::string &What, std::string &Error) {
  size_t Colon = Uri.find(':');
  bool Scheme = Colon != std::string::npos && Colon > 0 && std::isalpha((unsigned char)Uri[0]);
  for (size_t I = 0; Scheme && I < Colon; ++I)
    Scheme = std::isalnum((unsigned char)Uri[I]) || Uri[I] == '+' || Uri[I] == '-' || Uri[I] == '.';
  bool Blank = false;
  for (unsigned char C : Uri)
    Blank |= std::isspace(C) || std::iscntrl(C);
  if (Scheme && !Blank && Colon + 1 < Uri.size())
    return true;
  Error = What + " needs an absolute URI (https://..., file:///...), not '" + Uri + "'";
  return false;
}

} // namespace hostsync
