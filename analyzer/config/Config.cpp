#include "config/Config.h"

#include "core/Glob.h"
#include "core/InputFiles.h"
#include "config/SarifLinks.h"
#include "support/SourceRoot.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <map>

namespace hostsync {

namespace {
const char *const KnownKeys =
    "Checks, Severity, Exclude, AssumeDevice, MinRank, UnknownDeviceSeverity, ReportCpu, "
    "RuleDocsUrl, InformationUri";

// The YAML parser's first complaint, if any: it outranks what we make of the broken
// nodes it leaves behind.
struct FirstDiag {
  std::string Message;
  int Line = 0;
};

struct Reader {
  const std::string &Path;
  llvm::SourceMgr &SM;
  std::string &Error;
  const FirstDiag &Yaml;

  bool fail(llvm::yaml::Node *N, const std::string &Message) {
    if (!Yaml.Message.empty()) {
      Error = Path + ":" + std::to_string(Yaml.Line) + ": not valid YAML: " + Yaml.Message;
      return false;
    }
    unsigned Line = N ? SM.getLineAndColumn(N->getSourceRange().Start).first : 1;
    Error = Path + ":" + std::to_string(Line) + ": " + Message;
    return false;
  }
  bool scalar(llvm::yaml::Node *N, std::string &Out, const std::string &Key) {
    auto *S = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(N);
    if (!S)
      return fail(N, "'" + Key + "' needs a single value");
    llvm::SmallString<64> Storage;
    Out = S->getValue(Storage).str();
    return true;
  }
};

// The line of the first run of MaxEmptyEntries commas with only blanks and comments
// between them, or 0. LLVM's YAML parser recurses once for each empty entry of a flow
// sequence ("[,,,"), so some 17,000 overflowed the stack (tests/fuzz, fuzz_config_yaml);
// YAML has no empty flow entries, and no configuration has such a run, quoted or not.
constexpr unsigned MaxEmptyEntries = 64;
unsigned commaRunLine(const std::string &Text) {
  unsigned Line = 1, RunLine = 0, Run = 0;
  bool Comment = false;
  for (char C : Text) {
    if (C == '\n') {
      ++Line;
      Comment = false;
    } else if (Comment || C == ' ' || C == '\t' || C == '\r') {
      continue;
    } else if (C == '#') {
      Comment = true;
    } else if (C == ',') {
      RunLine = Run++ ? RunLine : Line;
      if (Run == MaxEmptyEntries)
        return RunLine;
    } else {
      Run = 0;
    }
  }
  return 0;
}
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
  if (unsigned Line = commaRunLine(Text)) {
    Error = Path + ":" + std::to_string(Line) +
            ": not valid YAML: " + std::to_string(MaxEmptyEntries) +
            " or more commas in a row (empty entries)";
    return false;
  }
  llvm::SourceMgr SM;
  FirstDiag Yaml;
  SM.setDiagHandler(
      [](const llvm::SMDiagnostic &D, void *Ctx) {
        auto *First = static_cast<FirstDiag *>(Ctx);
        if (First->Message.empty())
          *First = {D.getMessage().str(), D.getLineNo()};
      },
      &Yaml);
  llvm::yaml::Stream Stream(Text, SM);
  Reader R{Path, SM, Error, Yaml};
  auto Doc = Stream.begin();
  llvm::yaml::Node *Root = Doc == Stream.end() ? nullptr : Doc->getRoot();
  if (Root && llvm::isa<llvm::yaml::NullNode>(Root))
    return true; // an empty file: all defaults
  auto *Map = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(Root);
  if (!Map)
    return R.fail(Root, "expected a mapping of keys (" + std::string(KnownKeys) + ")");
  std::map<std::string, unsigned> LineOf; // a key given twice: YAML says "error", LLVM's
                                          // reader keeps both
  for (auto It = Map->begin(); It != Map->end(); ++It) {
    std::string Key;
    if (!R.scalar(It->getKey(), Key, "key"))
      return false;
    unsigned Line = SM.getLineAndColumn(It->getKey()->getSourceRange().Start).first;
    if (auto [Seen, New] = LineOf.emplace(Key, Line); !New)
      return R.fail(It->getKey(), "'" + Key + "' given twice (first at line " +
                                      std::to_string(Seen->second) + ")");
    llvm::yaml::Node *V = It->getValue();
    std::string S;
    if (Key == "Checks") {
      if (!R.scalar(V, S, Key))
        return false;
      Out.Checks = S;
    } else if (Key == "AssumeDevice") {
      if (!R.scalar(V, S, Key))
        return false;
      AssumeDevice A;
      if (!parseAssumeDevice(S, A))
        return R.fail(V, "AssumeDevice must be unknown, cuda or cpu, not '" + S + "'");
      Out.Assume = A;
    } else if (Key == "MinRank") {
      if (!R.scalar(V, S, Key))
        return false;
      Rank Min;
      if (!parseRank(S, Min))
        return R.fail(V, "MinRank must be cold, periodic or hot, not '" + S + "'");
      Out.MinRank = Min;
    } else if (Key == "UnknownDeviceSeverity") {
      std::optional<Severity> Parsed;
      if (!R.scalar(V, S, Key))
        return false;
      if (!parseUnknownSeverity(S, Parsed))
        return R.fail(V, "UnknownDeviceSeverity must be rule, note, warning or error, not '" + S +
                             "'");
      Out.Devices.UnknownSeverity = Parsed;
    } else if (Key == "ReportCpu") {
      if (!R.scalar(V, S, Key))
        return false;
      if (S != "true" && S != "false")
        return R.fail(V, "ReportCpu must be true or false, not '" + S + "'");
      Out.Devices.ReportCpu = S == "true";
    } else if (Key == "RuleDocsUrl" || Key == "InformationUri") {
      std::string Problem;
      if (!R.scalar(V, S, Key))
        return false;
      if (!checkUri(S, Key, Problem))
        return R.fail(V, Problem);
      (Key == "RuleDocsUrl" ? Out.RuleDocsUrl : Out.InformationUri) = S;
    } else if (Key == "Exclude") {
      auto *Seq = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(V);
      if (!Seq)
        return R.fail(V, "Exclude needs a list of path globs");
      for (llvm::yaml::Node &G : *Seq) {
        if (!R.scalar(&G, S, "Exclude"))
          return false;
        Out.Exclude.push_back(S);
      }
    } else if (Key == "Severity") {
      auto *M = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(V);
      if (!M)
        return R.fail(V, "Severity needs a mapping of rule ids to note, warning or error");
      for (auto &KV : *M) {
        std::string Rule, Level;
        if (!R.scalar(KV.getKey(), Rule, "Severity") || !R.scalar(KV.getValue(), Level, Rule))
          return false;
        if (Out.SeverityOf.count(Rule))
          return R.fail(KV.getKey(), "Severity of '" + Rule + "' given twice");
        if (!Catalog::embedded().find(Rule))
          return R.fail(KV.getKey(), "unknown rule '" + Rule + "' (see --list-rules)");
        Severity Parsed;
        if (!parseSeverity(Level, Parsed))
          return R.fail(KV.getValue(),
                        "severity must be note, warning or error, not '" + Level + "'");
        Out.SeverityOf[Rule] = Parsed;
      }
    } else {
      return R.fail(It->getKey(), "unknown key '" + Key + "' (" + KnownKeys + ")");
    }
  }
  return Yaml.Message.empty() || R.fail(nullptr, "");
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
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = Path + ": cannot read the configuration file: " + Buffer.getError().message();
    return nullptr;
  }
  auto C = std::make_unique<LintConfig>();
  C->Path = Path;
  C->Dir = llvm::sys::path::parent_path(Path).str();
  if (!parseConfig(Path, (*Buffer)->getBuffer().str(), *C, Error))
    return nullptr;
  return (ByPath[Path] = std::move(C)).get();
}

const LintConfig *ConfigFinder::forFile(const std::string &AbsFile, std::string &Error) {
  if (!Explicit.empty())
    return load(Explicit, Error);
  std::string Dir = llvm::sys::path::parent_path(AbsFile).str();
  std::vector<std::string> Walked;
  const LintConfig *Found = &Defaults;
  for (std::string D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D).str()) {
    if (auto Cached = ByDir.find(D); Cached != ByDir.end()) {
      Found = Cached->second;
      break;
    }
    Walked.push_back(D);
    llvm::SmallString<256> Candidate(D);
    llvm::sys::path::append(Candidate, ".hostsync.yaml");
    if (llvm::sys::fs::exists(Candidate)) {
      Found = load(std::string(Candidate.str()), Error);
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
