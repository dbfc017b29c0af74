// .hostsync.yaml: per-directory configuration, found like .clang-tidy by walking up from
// each source file (the nearest one wins), or given with --config. Command-line options
// given explicitly win over it.
//
//   Checks: 'hostsync-*,-hostsync-print-tensor'   # globs, '-' disables
//   Severity:                                     # per-rule overrides
//     hostsync-explicit-sync: error
//   Exclude: ['third_party/*', '*_test.cpp']      # paths relative to this file's directory
//   AssumeDevice: cuda                            # unknown | cuda | cpu
//   MinRank: hot                                  # cold (all) | periodic | hot (only hot)
//   UnknownDeviceSeverity: note                   # rule (default) | note | warning | error
//   ReportCpu: true                               # also CPU tensors' ops, as notes
//   RuleDocsUrl: https://example.org/rules/{rule}  # SARIF helpUri (source root's file)
//   InformationUri: https://example.org/hostsync   # SARIF informationUri (the same)
#pragma once

#include "rules/Catalog.h"
#include "config/SarifLinks.h"
#include "model/AssumeDevice.h"
#include "model/Finding.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hostsync {

struct LintConfig {
  std::string Path; // the file it came from; "" for the defaults
  std::string Dir;  // its directory: Exclude globs are relative to it
  std::optional<std::string> Checks;
  std::map<std::string, Severity> SeverityOf;
  std::vector<std::string> Exclude;
  std::optional<AssumeDevice> Assume;
  std::optional<Rank> MinRank;
  DevicePolicy Devices;
  // Output settings of the whole run: read from the file that governs the source root.
  std::optional<std::string> RuleDocsUrl, InformationUri;

  bool excludes(const std::string &AbsFile) const;
};

// Parses one config file's text; false with "FILE:LINE: what is wrong".
bool parseConfig(const std::string &Path, const std::string &Text, LintConfig &Out,
                 std::string &Error);

// The YAML of a config, as --dump-config prints it.
std::string dumpConfig(const LintConfig &C);

// Finds and caches the config that governs each file.
class ConfigFinder {
public:
  explicit ConfigFinder(std::string Explicit = "") : Explicit(std::move(Explicit)) {}
  // The config for a file (absolute path), or the defaults; nullptr with Error set when a
  // config file on the way is malformed.
  const LintConfig *forFile(const std::string &AbsFile, std::string &Error);
  // The config that governs a directory (absolute), as it governs a file in it.
  const LintConfig *forDirectory(const std::string &AbsDir, std::string &Error) {
    return forFile(AbsDir + "/-", Error);
  }

private:
  const LintConfig *load(const std::string &Path, std::string &Error);
  std::string Explicit;
  std::map<std::string, std::unique_ptr<LintConfig>> ByPath; // loaded files
  std::map<std::string, const LintConfig *> ByDir;           // directory -> governing config
  LintConfig Defaults;
};

// The config of a file (absolute path), as ConfigFinder::forFile gives it, or as a shard's
// output recorded it (ShardFacts.h).
using ConfigLookup =
    std::function<const LintConfig *(const std::string &AbsFile, std::string &Error)>;

// Applies each finding's config (that of the file it is in, a header's own included):
// drops excluded paths and findings below MinRank, applies Severity overrides, then the
// device policy (CommandLine's settings win over the config's).
bool applyConfig(const ConfigLookup &Configs, std::vector<Finding> &Findings,
                 const DevicePolicy &CommandLine, std::string &Error);

// The links of a run: Given (--rule-docs-url / --information-uri, "" when not given), else
// the keys of the .hostsync.yaml that governs the source root (Root, absolute), else the
// defaults. False with Error (naming the option, or the file and line) for a value that is
// not a URI.
bool resolveSarifLinks(const SarifLinks &Given, ConfigFinder &Configs, const std::string &Root,
                       const char *Argv0, SarifLinks &Out, std::string &Error);

} // namespace hostsync
