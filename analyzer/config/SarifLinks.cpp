#include "config/SarifLinks.h"

#include "hostsync_version.h"

#include <filesystem>

namespace hostsync {

std::string ruleHelpUri(const std::string &RuleDocs, const std::string &RuleId) {
  if (RuleDocs.empty())
    return "";
  const std::string Placeholder = "{rule}";
  std::string Uri = RuleDocs;
  size_t At = Uri.find(Placeholder);
  if (At == std::string::npos)
    return Uri + (Uri.back() == '/' ? "" : "/") + RuleId + ".md";
  for (; At != std::string::npos; At = Uri.find(Placeholder, At + RuleId.size()))
    Uri.replace(At, Placeholder.size(), RuleId);
  return Uri;
}

std::string defaultRuleDocs(const char *Argv0) {
  namespace fs = std::filesystem;
  std::error_code EC;
  // The running executable, as the kernel names it; the name it was started by otherwise.
  fs::path Tool = fs::read_symlink("/proc/self/exe", EC);
  if (EC)
    Tool = fs::absolute(Argv0 ? Argv0 : "", EC);
  fs::path Prefix = Tool.parent_path().parent_path(); // bin/, then the prefix
  for (const fs::path &Dir :
       {Prefix / "share" / "doc" / "hostsync" / "rules", fs::path(HOSTSYNC_SOURCE_RULE_DOCS)})
    if (fs::is_directory(Dir, EC)) {
      fs::path Real = fs::canonical(Dir, EC);
      return "file://" + (EC ? Dir : Real).string() + "/";
    }
  return "";
}

std::string defaultInformationUri() { return HOSTSYNC_HOMEPAGE_URL; }

} // namespace hostsync
