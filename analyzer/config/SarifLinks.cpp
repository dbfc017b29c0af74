#include "config/SarifLinks.h"

#include "config/Config.h"

#include "hostsync_config.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace hostsync {

bool resolveSarifLinks(const SarifLinks &Given, ConfigFinder &Configs, const std::string &Root,
                       const char *Argv0, SarifLinks &Out, std::string &Error) {
  const LintConfig *Cfg = Configs.forDirectory(Root, Error);
  if (!Cfg)
    return false;
  if (!Given.RuleDocs.empty() && !checkUri(Given.RuleDocs, "--rule-docs-url", Error))
    return false;
  if (!Given.Information.empty() && !checkUri(Given.Information, "--information-uri", Error))
    return false;
  Out.RuleDocs =
      !Given.RuleDocs.empty() ? Given.RuleDocs : Cfg->RuleDocsUrl.value_or(defaultRuleDocs(Argv0));
  Out.Information = !Given.Information.empty()
                        ? Given.Information
                        : Cfg->InformationUri.value_or(defaultInformationUri());
  return true;
}

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
  static int Anchor;
  llvm::SmallString<256> Prefix(llvm::sys::fs::getMainExecutable(Argv0, &Anchor));
  llvm::sys::path::remove_filename(Prefix); // bin/
  llvm::sys::path::remove_filename(Prefix); // the prefix
  llvm::SmallString<256> Installed(Prefix);
  llvm::sys::path::append(Installed, "share", "doc", "hostsync", "rules");
  for (llvm::StringRef Dir :
       {llvm::StringRef(Installed), llvm::StringRef(HOSTSYNC_SOURCE_RULE_DOCS)})
    if (llvm::sys::fs::is_directory(Dir)) {
      llvm::SmallString<256> Real;
      if (llvm::sys::fs::real_path(Dir, Real))
        Real = Dir;
      return "file://" + std::string(Real.str()) + "/";
    }
  return "";
}

std::string defaultInformationUri() { return HOSTSYNC_HOMEPAGE_URL; }

} // namespace hostsync
