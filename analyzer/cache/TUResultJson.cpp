#include "cache/TUResultJson.h"
#include "model/DeviceFactsJson.h"

namespace hostsync {

using nlohmann::json;

namespace {

json toJson(const Finding &F) {
  json Edits = json::array();
  for (const Replacement &R : F.Replacements)
    Edits.push_back({R.File, R.Offset, R.Length, R.Text});
  json Related = json::array();
  for (const RelatedLocation &L : F.Related)
    Related.push_back({L.File, L.Line, L.Column, L.Message});
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
          {"fixCondition", F.FixCondition},
          {"related", Related},
          {"functionKey", F.FunctionKey},
          {"callSyncs", F.CallSyncs},
          {"syncParams", F.SyncParams},
          {"callee", F.Callee},
          {"reaches", F.Reaches},
          {"macroSite", F.MacroSite},
          {"readFromText", F.ReadFromText}};
}

json toJson(const ProjectCall &C) {
  json Args = json::array();
  for (const ProjectCall::Argument &A : C.Arguments)
    Args.push_back({A.Param, A.Text, toJson(A.Device), A.Why, A.CallerParams});
  return {{"callee", C.Callee},
          {"calleeName", C.CalleeName},
          {"caller", C.Caller},
          {"callerName", C.CallerName},
          {"file", C.File},
          {"line", C.Line},
          {"column", C.Column},
          {"sourceLine", C.SourceLine},
          {"rank", static_cast<int>(C.LoopRank)},
          {"rankReason", C.RankReason},
          {"period", C.Period ? json(*C.Period) : json()},
          {"arguments", Args},
          {"suppressed", C.Suppressed},
          {"macroSite", C.MacroSite},
          {"macroNote", C.MacroNote},
          {"oneOfSeveral", C.OneOfSeveral}};
}

void fromJson(const json &J, ProjectCall &C) {
  C.Callee = J.at("callee").get<std::string>();
  C.CalleeName = J.at("calleeName").get<std::string>();
  C.Caller = J.at("caller").get<std::string>();
  C.CallerName = J.at("callerName").get<std::string>();
  C.File = J.at("file").get<std::string>();
  C.Line = J.at("line").get<unsigned>();
  C.Column = J.at("column").get<unsigned>();
  C.SourceLine = J.at("sourceLine").get<std::string>();
  C.LoopRank = static_cast<Rank>(J.at("rank").get<int>());
  C.RankReason = J.at("rankReason").get<std::string>();
  if (!J.at("period").is_null())
    C.Period = J.at("period").get<int64_t>();
  for (const json &A : J.at("arguments")) {
    ProjectCall::Argument Arg;
    Arg.Param = A.at(0).get<unsigned>();
    Arg.Text = A.at(1).get<std::string>();
    fromJson(A.at(2), Arg.Device);
    Arg.Why = A.at(3).get<std::string>();
    Arg.CallerParams = A.at(4).get<std::vector<unsigned>>();
    C.Arguments.push_back(std::move(Arg));
  }
  C.Suppressed = J.at("suppressed").get<std::vector<std::pair<std::string, std::string>>>();
  C.MacroSite = J.at("macroSite").get<std::string>();
  C.MacroNote = J.at("macroNote").get<std::string>();
  C.OneOfSeveral = J.value("oneOfSeveral", false);
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
  for (const json &L : J.at("related"))
    F.Related.push_back({L.at(0).get<std::string>(), L.at(1).get<unsigned>(),
                         L.at(2).get<unsigned>(), L.at(3).get<std::string>()});
  F.FunctionKey = J.at("functionKey").get<std::string>();
  F.CallSyncs = J.at("callSyncs").get<bool>();
  F.SyncParams = J.at("syncParams").get<std::vector<unsigned>>();
  F.Callee = J.at("callee").get<std::string>();
  F.Reaches = J.at("reaches").get<std::vector<std::string>>();
  F.MacroSite = J.at("macroSite").get<std::string>();
  F.ReadFromText = J.at("readFromText").get<bool>();
}

} // namespace

json toJson(const TUResult &R) {
  json Findings = json::array();
  for (const Finding &F : R.Findings)
    Findings.push_back(toJson(F));
  json Calls = json::array();
  for (const ProjectCall &C : R.Calls)
    Calls.push_back(toJson(C));
  return {{"file", R.File},
          {"errors", R.Errors},
          {"failed", R.Failed},
          {"parsed", R.Parsed},
          {"firstError", R.FirstError},
          {"missingHeaders", R.MissingHeaders},
          {"findings", Findings},
          {"sourceErrors", R.SourceErrors},
          {"facts", toJson(R.Facts)},
          {"calls", Calls}};
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
    for (const json &C : J.at("calls")) {
      R.Calls.emplace_back();
      fromJson(C, R.Calls.back());
    }
    Out = std::move(R);
    return true;
  } catch (const std::exception &) { // nlohmann's, or a state out of range
    return false;
  }
}

} // namespace hostsync
