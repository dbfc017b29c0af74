#include "ci/ShardFacts.h"
#include "common/JsonText.h"
#include "core/ProjectFactsFile.h"

#include "cache/TUResultJson.h"

#include "hostsync_config.h"

#include "llvm/Config/llvm-config.h"

namespace hostsync {

using nlohmann::json;

namespace {

// Enums as their numbers: the field is read only by the same version of hostsync-lint.
json toJson(const DevicePolicy &P) {
  json J = json::object();
  if (P.UnknownSeverity)
    J["unknown_severity"] =
        *P.UnknownSeverity ? json(static_cast<int>(**P.UnknownSeverity)) : json("rule");
  if (P.ReportCpu)
    J["report_cpu"] = *P.ReportCpu;
  return J;
}

void fromJson(const json &J, DevicePolicy &P) {
  if (J.contains("unknown_severity")) {
    const json &U = J.at("unknown_severity");
    P.UnknownSeverity = U.is_string()
                            ? std::optional<Severity>()
                            : std::optional<Severity>(static_cast<Severity>(U.get<int>()));
  }
  if (J.contains("report_cpu"))
    P.ReportCpu = J.at("report_cpu").get<bool>();
}

json toJson(const LintConfig &C) {
  json Severities = json::object();
  for (const auto &[Rule, S] : C.SeverityOf)
    Severities[Rule] = static_cast<int>(S);
  return {{"min_rank", C.MinRank ? json(static_cast<int>(*C.MinRank)) : json()},
          {"severity", Severities},
          {"devices", toJson(C.Devices)}};
}

void fromJson(const json &J, LintConfig &C) {
  if (!J.at("min_rank").is_null())
    C.MinRank = static_cast<Rank>(J.at("min_rank").get<int>());
  for (const auto &[Rule, S] : J.at("severity").items())
    C.SeverityOf[Rule] = static_cast<Severity>(S.get<int>());
  fromJson(J.at("devices"), C.Devices);
}

json changedJson(const std::optional<ChangedLines> &Changed) {
  if (!Changed)
    return nullptr;
  json J = json::object();
  for (const auto &[File, Lines] : *Changed)
    J[File] = Lines;
  return J;
}

} // namespace

std::optional<ShardFacts> shardFacts(const Shard &Share, const std::vector<std::string> &All,
                                     const std::vector<TUResult> &Results,
                                     const ConfigLookup &Configs, const AfterProjectPass &After,
                                     std::string &Error) {
  ShardFacts S{factsWriter(), Share.Index, Share.Count, All.size(), After, {}, {}, {}};
  std::map<std::string, size_t> Position;
  for (size_t I = 0; I < All.size(); ++I)
    Position.emplace(All[I], I);
  for (const TUResult &R : Results) {
    ShardFacts::Unit U{Position.at(R.File), R};
    // The configuration of every file a finding can land in, the calls' files too (a call
    // whose callee syncs gets a finding in the project pass). Excluded findings travel: the
    // merge drops them as a whole run does, after they have given their functions' summaries.
    for (const Finding &F : R.Findings) {
      const LintConfig *Cfg = Configs(F.File, Error);
      if (!Cfg)
        return std::nullopt;
      S.Configs.emplace(F.File, *Cfg);
      if (Cfg->excludes(F.File))
        S.Excluded.insert(F.File);
    }
    for (const ProjectCall &C : R.Calls) {
      const LintConfig *Cfg = Configs(C.File, Error);
      if (!Cfg)
        return std::nullopt;
      S.Configs.emplace(C.File, *Cfg);
    }
    S.Units.push_back(std::move(U));
  }
  return S;
}

json settingsJson(const AfterProjectPass &A) {
  return {{"devices", toJson(A.Devices)},
          {"changed", changedJson(A.Changed)},
          {"baseline", A.Accepted ? json(A.Accepted->Known) : json()},
          {"root", A.Root},
          {"assume_device", A.AssumeDevice},
          {"min_severity", A.MinSeverity},
          {"rules", A.EnabledRules},
          {"sarif_links", {{"rule_docs", A.Links.RuleDocs}, {"information", A.Links.Information}}}};
}

nlohmann::ordered_json toJson(const ShardFacts &S) {
  json Units = json::array();
  for (const ShardFacts::Unit &U : S.Units)
    Units.push_back({{"position", U.Position}, {"result", toJson(U.Result)}});
  json Configs = json::object();
  for (const auto &[File, C] : S.Configs)
    Configs[File] = toJson(C);
  nlohmann::ordered_json Out = {{"version", ShardFactsVersion},
                                {"tool", S.Tool},
                                {"shard", {S.Index, S.Count}},
                                {"files", S.Files}};
  // The bulk as sorted JSON (the field is data for merge, not for reading), stored so that
  // names and source text that are not UTF-8 come back to merge as they were.
  Out["settings"] = nlohmann::ordered_json::parse(text::storedJson(settingsJson(S.After)));
  Out["configs"] = nlohmann::ordered_json::parse(text::storedJson(Configs));
  Out["excluded"] = nlohmann::ordered_json::parse(text::storedJson(json(S.Excluded)));
  Out["units"] = nlohmann::ordered_json::parse(text::storedJson(Units));
  return Out;
}

bool fromJson(const nlohmann::ordered_json &In, ShardFacts &Out, std::string &Error) {
  try {
    json J;
    if (!text::fromStored(json::parse(In.dump()), J)) {
      Error = "the shard facts are damaged: a stored string is not what was stored";
      return false;
    }
    if (J.at("version") != ShardFactsVersion) {
      Error = "shard facts of version " + J.at("version").dump() + ", this hostsync-lint reads " +
              std::to_string(ShardFactsVersion);
      return false;
    }
    Out.Tool = J.at("tool").get<std::string>();
    if (Out.Tool != factsWriter()) {
      Error = "written by " + Out.Tool + ", not by this " + factsWriter();
      return false;
    }
    Out.Index = J.at("shard").at(0).get<unsigned>();
    Out.Count = J.at("shard").at(1).get<unsigned>();
    Out.Files = J.at("files").get<size_t>();
    const json &Set = J.at("settings");
    fromJson(Set.at("devices"), Out.After.Devices);
    if (!Set.at("changed").is_null())
      Out.After.Changed = Set.at("changed").get<ChangedLines>();
    if (!Set.at("baseline").is_null())
      Out.After.Accepted = Baseline{Set.at("baseline").get<std::multiset<std::string>>()};
    Out.After.Root = Set.at("root").get<std::string>();
    Out.After.AssumeDevice = Set.at("assume_device").get<std::string>();
    Out.After.MinSeverity = Set.at("min_severity").get<std::string>();
    Out.After.EnabledRules = Set.at("rules").get<std::vector<std::string>>();
    Out.After.Links.RuleDocs = Set.at("sarif_links").at("rule_docs").get<std::string>();
    Out.After.Links.Information = Set.at("sarif_links").at("information").get<std::string>();
    for (const auto &[File, C] : J.at("configs").items())
      fromJson(C, Out.Configs[File]);
    Out.Excluded = J.at("excluded").get<std::set<std::string>>();
    for (const json &U : J.at("units")) {
      ShardFacts::Unit Unit{U.at("position").get<size_t>(), {}};
      if (!fromJson(U.at("result"), Unit.Result)) {
        Error = "a translation unit's result is damaged";
        return false;
      }
      Out.Units.push_back(std::move(Unit));
    }
  } catch (const json::exception &E) {
    Error = std::string("the shard facts are damaged: ") + E.what();
    return false;
  }
  if (Out.Count == 0 || Out.Index == 0 || Out.Index > Out.Count) {
    Error = "the shard facts name no valid shard";
    return false;
  }
  return true;
}

} // namespace hostsync
