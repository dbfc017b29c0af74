#include "cache/TUResultJson.h"
#include "model/DeviceFactsJson.h"

namespace hostsync {

using nlohmann::json;

namespace {

json toJson(const Finding &F) {
  json Edits = json::array();
  for (const Replacement &R : F.Replacements)
    Edits.push_back({R.File, R.Offset, R.Length, R.Text});
  return {{"rule", F.Rule},
          {"sev", static_cast<int>(F.Level)},
          {"file", F.File},
          {"line", F.Line},
          {"column", F.Column},
          {"op", F.Op},
          {"device", static_cast<int>(F.Device)},
          {"deviceReason", F.DeviceReason},
          {"open", toJson(F.Open)},
          {"whenUnknown", static_cast<int>(F.WhenUnknown)},
          {"whenUnknownReason", F.WhenUnknownReason},
          {"rank", static_cast<int>(F.LoopRank)},
          {"rankReason", F.RankReason},
          {"period", F.Period ? json(*F.Period) : json()},
          {"function", F.Function},
          {"message", F.Message},
          {"fix", F.Fix},
          {"sourceLine", F.SourceLine},
          {"suppressed", F.Suppressed},
          {"suppressionReason", F.SuppressionReason},
          {"inBaseline", F.InBaseline},
          {"edits", Edits},
          {"fixCondition", F.FixCondition}};
}

void fromJson(const json &J, Finding &F) {
  F.Rule = J.at("rule").get<std::string>();
  F.Level = static_cast<Severity>(J.at("sev").get<int>());
  F.File = J.at("file").get<std::string>();
  F.Line = J.at("line").get<unsigned>();
  F.Column = J.at("column").get<unsigned>();
  F.Op = J.at("op").get<std::string>();
  F.Device = static_cast<DeviceConfidence>(J.at("device").get<int>());
  F.DeviceReason = J.at("deviceReason").get<std::string>();
  fromJson(J.at("open"), F.Open);
  F.WhenUnknown = static_cast<DeviceConfidence>(J.at("whenUnknown").get<int>());
  F.WhenUnknownReason = J.at("whenUnknownReason").get<std::string>();
  F.LoopRank = static_cast<Rank>(J.at("rank").get<int>());
  F.RankReason = J.at("rankReason").get<std::string>();
  if (!J.at("period").is_null())
    F.Period = J.at("period").get<int64_t>();
  F.Function = J.at("function").get<std::string>();
  F.Message = J.at("message").get<std::string>();
  F.Fix = J.at("fix").get<std::string>();
  F.SourceLine = J.at("sourceLine").get<std::string>();
  F.Suppressed = J.at("suppressed").get<bool>();
  F.SuppressionReason = J.at("suppressionReason").get<std::string>();
  F.InBaseline = J.at("inBaseline").get<bool>();
  for (const json &E : J.at("edits"))
    F.Replacements.push_back({E.at(0).get<std::string>(), E.at(1).get<unsigned>(),
                              E.at(2).get<unsigned>(), E.at(3).get<std::string>()});
  F.FixCondition = J.at("fixCondition").get<std::string>();
}

} // namespace

json toJson(const TUResult &R) {
  json Findings = json::array();
  for (const Finding &F : R.Findings)
    Findings.push_back(toJson(F));
  return {{"file", R.File},
          {"errors", R.Errors},
          {"failed", R.Failed},
          {"parsed", R.Parsed},
          {"firstError", R.FirstError},
          {"missingHeaders", R.MissingHeaders},
          {"findings", Findings},
          {"sourceErrors", R.SourceErrors},
          {"facts", toJson(R.Facts)}};
}

bool fromJson(const json &J, TUResult &Out) {
  try {
    TUResult R;
    R.File = J.at("file").get<std::string>();
    R.Errors = J.at("errors").get<unsigned>();
    R.Failed = J.at("failed").get<bool>();
    R.Parsed = J.at("parsed").get<bool>();
    R.FirstError = J.at("firstError").get<std::string>();
    R.MissingHeaders = J.at("missingHeaders").get<std::vector<std::string>>();
    for (const json &F : J.at("findings")) {
      R.Findings.emplace_back();
      fromJson(F, R.Findings.back());
    }
    R.SourceErrors = J.at("sourceErrors").get<std::vector<std::string>>();
    fromJson(J.at("facts"), R.Facts);
    Out = std::move(R);
    return true;
  } catch (const std::exception &) { // nlohmann's, or a state out of range
    return false;
  }
}

} // namespace hostsync
