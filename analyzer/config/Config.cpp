#include "config/Config.h"

#include "core/Glob.h"
#include "core/InputFiles.h"
#include "config/SarifLinks.h"
#include "support/SourceRoot.h"

#include "config/YamlTree.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

namespace hostsync {

namespace fs = std::filesystem;

namespace {
const char *const KnownKeys =
    "Checks, Severity, Exclude, AssumeDevice, MinRank, UnknownDeviceSeverity, ReportCpu, "
    "RuleDocsUrl, InformationUri";

struct Reader {
  const std::string &Path;
  std::string &Error;

  bool fail(const yaml::Node *N, const std::string &Message) {
    Error = Path + ":" + std::to_string(N ? N->Line : 1) + ": " + Message;
    return false;
  }
  bool scalar(const yaml::Node &N, std::string &Out, const std::string &Key) {
    if (N.What != yaml::Node::Scalar)
      return fail(&N, "'" + Key + "' needs a single value");
    Out = N.Value;
    return true;
  }
};
} // namespace

bool LintConfig::excludes(const std::string &AbsFile) const {
  std::optional<std::string> Rel = underRoot(AbsFile, Dir);
  if (!Rel)
    return false;
  for (const std::string &G : Exclude)
    if (globMatch(G, *Rel))
      return true;
  return false;
}

bool parseConfig(const std::string &Path, const std::string &Text, LintConfig &Out,
                 std::string &Error) {
  yaml::Node Root;
  std::string Problem;
  unsigned ProblemLine = 1;
  if (!yaml::parse(Text, Root, Problem, ProblemLine)) {
    Error = Path + ":" + std::to_string(ProblemLine) + ": not valid YAML: " + Problem;
    return false;
  }
  Reader R{Path, Error};
  if (Root.What == yaml::Node::Null)
    return true; // an empty file: all defaults
  if (Root.What != yaml::Node::Mapping)
    return R.fail(&Root, "expected a mapping of keys (" + std::string(KnownKeys) + ")");
  std::map<std::string, unsigned> LineOf; // a key given twice: YAML says "error", the
                                          // parsers keep both
  for (const auto &[K, Value] : Root.Map) {
    std::string Key;
    if (!R.scalar(K, Key, "key"))
      return false;
    if (auto [Seen, New] = LineOf.emplace(Key, K.Line); !New)
      return R.fail(&K, "'" + Key + "' given twice (first at line " + std::to_string(Seen->second) +
                            ")");
    const yaml::Node *V = &Value;
    std::string S;
    if (Key == "Checks") {
      if (!R.scalar(*V, S, Key))
        return false;
      Out.Checks = S;
    } else if (Key == "AssumeDevice") {
      if (!R.scalar(*V, S, Key))
        return false;
      AssumeDevice A;
      if (!parseAssumeDevice(S, A))
        return R.fail(V, "AssumeDevice must be unknown, cuda or cpu, not '" + S + "'");
      Out.Assume = A;
    } else if (Key == "MinRank") {
      if (!R.scalar(*V, S, Key))
        return false;
      Rank Min;
      if (!parseRank(S, Min))
        return R.fail(V, "MinRank must be cold, periodic or hot, not '" + S + "'");
      Out.MinRank = Min;
    } else if (Key == "UnknownDeviceSeverity") {
      std::optional<Severity> Parsed;
      if (!R.scalar(*V, S, Key))
        return false;
      if (!parseUnknownSeverity(S, Parsed))
        return R.fail(V, "UnknownDeviceSeverity must be rule, note, warning or error, not '" + S +
                             "'");
      Out.Devices.UnknownSeverity = Parsed;
    } else if (Key == "ReportCpu") {
      if (!R.scalar(*V, S, Key))
        return false;
      if (S != "true" && S != "false")
        return R.fail(V, "ReportCpu must be true or false, not '" + S + "'");
      Out.Devices.ReportCpu = S == "true";
    } else if (Key == "RuleDocsUrl" || Key == "InformationUri") {
      std::string Problem;
      if (!R.scalar(*V, S, Key))
        return false;
      if (!checkUri(S, Key, Problem))
        return R.fail(V, Problem);
      (Key == "RuleDocsUrl" ? Out.RuleDocsUrl : Out.InformationUri) = S;
    } else if (Key == "Exclude") {
      if (V->What != yaml::Node::Sequence)
        return R.fail(V, "Exclude needs a list of path globs");
      for (const yaml::Node &G : V->Items) {
        if (!R.scalar(G, S, "Exclude"))
          return false;
        Out.Exclude.push_back(S);
      }
    } else if (Key == "Severity") {
      if (V->What != yaml::Node::Mapping)
        return R.fail(V, "Severity needs a mapping of rule ids to note, warning or error");
      for (const auto &[RuleNode, LevelNode] : V->Map) {
        std::string Rule, Level;
        if (!R.scalar(RuleNode, Rule, "Severity") || !R.scalar(LevelNode, Level, Rule))
          return false;
        if (Out.SeverityOf.count(Rule))
          return R.fail(&RuleNode, "Severity of '" + Rule + "' given twice");
        if (!Catalog::embedded().find(Rule))
          return R.fail(&RuleNode, "unknown rule '" + Rule + "' (see --list-rules)");
        Severity Parsed;
        if (!parseSeverity(Level, Parsed))
          return R.fail(&LevelNode, "severity must be note, warning or error, not '" + Level + "'");
        Out.SeverityOf[Rule] = Parsed;
      }
    } else {
      return R.fail(&K, "unknown key '" + Key + "' (" + KnownKeys + ")");
    }
  }
  return true;
}

std::string dumpConfig(const LintConfig &C) {
  std::string Out =
      "# " + (C.Path.empty() ? std::string("defaults (no .hostsync.yaml found)") : C.Path) + "\n";
  Out += "Checks: '" + C.Checks.value_or("hostsync-*") + "'\n";
  Out += "Severity:";
  Out += C.SeverityOf.empty() ? " {}\n" : "\n";
  for (const auto &[Rule, Level] : C.SeverityOf)
    Out += "  " + Rule + ": " + severityName(Level) + "\n";
  Out += "Exclude: [";
  for (size_t I = 0; I < C.Exclude.size(); ++I)
    Out += (I ? ", '" : "'") + C.Exclude[I] + "'";
  Out += "]\n";
  AssumeDevice A = C.Assume.value_or(AssumeDevice::Unknown);
  Out += std::string("AssumeDevice: ") + assumeDeviceName(A) + "\n";
  Out += std::string("MinRank: ") + rankName(C.MinRank.value_or(Rank::Cold)) + "\n";
  std::optional<Severity> U = C.Devices.UnknownSeverity.value_or(std::nullopt);
  Out += std::string("UnknownDeviceSeverity: ") + (U ? severityName(*U) : "rule") + "\n";
  Out +=
      std::string("ReportCpu: ") + (C.Devices.ReportCpu.value_or(false) ? "true" : "false") + "\n";
  for (const auto &[Key, Value] :
       {std::pair{"RuleDocsUrl", &C.RuleDocsUrl}, std::pair{"InformationUri", &C.InformationUri}})
    if (*Value) { // single-quoted YAML: a quote is doubled
      Out += std::string(Key) + ": '";
      for (char Ch : **Value)
        Out += Ch == '\'' ? std::string("''") : std::string(1, Ch);
      Out += "'\n";
    }
  return Out;
}

const LintConfig *ConfigFinder::load(const std::string &Path, std::string &Error) {
  auto It = ByPath.find(Path);
  if (It != ByPath.end())
    return It->second.get();
  if (!checkReadableFile(Path, Error))
    return nullptr;
  std::ifstream In(Path, std::ios::binary);
  std::string Text(std::istreambuf_iterator<char>(In), {});
  if (!In && !In.eof()) {
    Error = Path + ": cannot read the configuration file: " + std::strerror(errno);
    return nullptr;
  }
  auto C = std::make_unique<LintConfig>();
  C->Path = Path;
  C->Dir = fs::path(Path).parent_path().string();
  if (!parseConfig(Path, Text, *C, Error))
    return nullptr;
  return (ByPath[Path] = std::move(C)).get();
}

const LintConfig *ConfigFinder::forFile(const std::string &AbsFile, std::string &Error) {
  if (!Explicit.empty())
    return load(Explicit, Error);
  std::string Dir = fs::path(AbsFile).parent_path().string();
  std::vector<std::string> Walked;
  const LintConfig *Found = &Defaults;
  for (std::string D = Dir; !D.empty(); D = fs::path(D).parent_path().string()) {
    if (auto Cached = ByDir.find(D); Cached != ByDir.end()) {
      Found = Cached->second;
      break;
    }
    Walked.push_back(D);
    std::string Candidate = (fs::path(D) / ".hostsync.yaml").string();
    std::error_code Ignored; // an unreadable folder on the way holds no configuration
    if (fs::exists(Candidate, Ignored)) {
      Found = load(Candidate, Error);
      if (!Found)
        return nullptr;
      break;
    }
    if (D == "/")
      break;
  }
  for (const std::string &D : Walked)
    ByDir[D] = Found;
  return Found;
}

bool applyConfig(const ConfigLookup &Configs, std::vector<Finding> &Findings,
                 const DevicePolicy &CommandLine, std::string &Error) {
  std::vector<Finding> Kept;
  for (Finding &F : Findings) {
    const LintConfig *Cfg = Configs(F.File, Error);
    if (!Cfg)
      return false;
    if (Cfg->excludes(F.File) || (Cfg->MinRank && F.LoopRank < *Cfg->MinRank))
      continue;
    if (auto It = Cfg->SeverityOf.find(F.Rule); It != Cfg->SeverityOf.end())
      F.Level = It->second;
    if (applyDevicePolicy(F, CommandLine, Cfg->Devices))
      Kept.push_back(std::move(F));
  }
  Findings = std::move(Kept);
  return true;
}

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

} // namespace hostsync
