#include "output/SarifWriter.h"

#include "support/SourceRoot.h"

#include "common/JsonText.h"

#include "hostsync_version.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>

namespace hostsync {

using J = nlohmann::ordered_json;

namespace {
const char *level(Severity S) {
  return S == Severity::Error ? "error" : S == Severity::Note ? "note" : "warning";
}

// A file URI for a path, percent-encoding what a URI may not hold as is.
std::string encodePath(const std::string &Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (isalnum(C) || C == '/' || C == '-' || C == '_' || C == '.' || C == '~')
      Out += static_cast<char>(C);
    else {
      char Buf[4];
      std::snprintf(Buf, sizeof Buf, "%%%02X", C);
      Out += Buf;
    }
  }
  return Out;
}

// The artifact location of a file: relative to %SRCROOT% when under it, else absolute.
J location(const std::string &File, const std::string &Root) {
  if (auto Rel = underRoot(File, Root))
    return {{"uri", encodePath(*Rel)}, {"uriBaseId", "%SRCROOT%"}};
  return {{"uri", "file://" + encodePath(File)}};
}

J ruleJson(const RuleInfo &R, const std::string &RuleDocs) {
  std::string Help = R.FixSummary + "\n\nBefore:\n" + R.FixBefore + "\n\nAfter:\n" + R.FixAfter;
  std::string Markdown = "**Why it syncs.** " + R.Why + "\n\n**Fix.** " + R.FixSummary +
                         "\n\nBefore:\n```cpp\n" + R.FixBefore + "\n```\n\nAfter:\n```cpp\n" +
                         R.FixAfter + "\n```\n";
  J Rule = {{"id", R.Id},
            {"name", R.Title},
            {"shortDescription", {{"text", R.Title}}},
            {"fullDescription", {{"text", R.Why}}}};
  if (std::string Uri = ruleHelpUri(RuleDocs, R.Id); !Uri.empty())
    Rule["helpUri"] = Uri;
  Rule["help"] = {{"text", Help}, {"markdown", Markdown}};
  Rule["defaultConfiguration"] = {{"level", level(R.DefaultSeverity)}};
  Rule["properties"] = {{"tags", {"performance", "cuda", "libtorch"}}};
  return Rule;
}
} // namespace

std::string lineFingerprint(const std::string &LineText, unsigned Occurrence) {
  return lineHash(LineText) + ":" + std::to_string(Occurrence);
}

void writeSarif(std::ostream &OS, const std::vector<Finding> &Findings,
                const std::vector<TUResult> &TUs, const Catalog &C, const std::string &SourceRoot,
                const SarifLinks &Links, bool BaselineGiven, const J &Shard) {
  std::string Root = SourceRoot;
  while (Root.size() > 1 && Root.back() == '/')
    Root.pop_back();
  J Rules = J::array();
  std::map<std::string, int> RuleIndex;
  for (const RuleInfo &R : C.rules()) {
    RuleIndex[R.Id] = static_cast<int>(Rules.size());
    Rules.push_back(ruleJson(R, Links.RuleDocs));
  }
  J Results = J::array();
  std::map<std::string, unsigned> Seen; // file + line hash -> occurrences so far
  for (const Finding &F : Findings) {
    std::string Hash = lineFingerprint(F.SourceLine, 0);
    unsigned Occurrence = ++Seen[F.File + "\n" + F.Rule + "\n" + Hash];
    J Result = {{"ruleId", F.Rule},
                {"ruleIndex", RuleIndex.count(F.Rule) ? RuleIndex[F.Rule] : -1},
                {"level", level(F.Level)},
                {"message", {{"text", F.Message + ". Fix: " + F.Fix}}},
                {"locations",
                 {{{"physicalLocation",
                    {{"artifactLocation", location(F.File, Root)},
                     {"region", {{"startLine", F.Line}, {"startColumn", F.Column}}}}}}}},
                {"partialFingerprints",
                 {{"primaryLocationLineHash", lineFingerprint(F.SourceLine, Occurrence)}}},
                {"properties",
                 {{"op", F.Op},
                  {"rank", rankName(F.LoopRank)},
                  {"rankReason", F.RankReason},
                  {"function", F.Function},
                  {"device", confidenceName(F.Device)},
                  {"deviceReason", F.DeviceReason},
                  {"fix", F.Fix}}}};
    if (F.Period)
      Result["properties"]["period"] = *F.Period;
    if (!F.Callee.empty())
      Result["properties"]["callee"] = F.Callee;
    if (!F.Related.empty()) { // the sync inside a call, the calls that reach it, ...
      // Viewers link a related location from the message: "[text](id)" (SARIF 3.11.6).
      std::string Links;
      for (size_t I = 0; I < F.Related.size(); ++I) {
        std::string Text;
        for (char C : F.Related[I].Message) {
          if (C == '[' || C == ']' || C == '\\')
            Text += '\\';
          Text += C;
        }
        Links += (I ? "; [" : " See: [") + Text + "](" + std::to_string(I) + ")";
      }
      Result["message"]["text"] = Result["message"]["text"].get<std::string>() + Links;
      J Related = J::array();
      for (const RelatedLocation &L : F.Related)
        Related.push_back({{"id", Related.size()},
                           {"physicalLocation",
                            {{"artifactLocation", location(L.File, Root)},
                             {"region", {{"startLine", L.Line}, {"startColumn", L.Column}}}}},
                           {"message", {{"text", L.Message}}}});
      Result["relatedLocations"] = Related;
    }
    if (!F.Replacements.empty()) { // SARIF fixes: the same edits as --fix
      J Changes = J::array();
      for (const Replacement &R : F.Replacements)
        Changes.push_back(
            {{"artifactLocation", location(R.File, Root)},
             {"replacements",
              {{{"deletedRegion", {{"charOffset", R.Offset}, {"charLength", R.Length}}},
                {"insertedContent", {{"text", R.Text}}}}}}});
      std::string What = F.FixCondition.empty()
                             ? "Exact sync-free rewrite"
                             : "Sync-free rewrite, equivalent if " + F.FixCondition;
      Result["fixes"] = {{{"description", {{"text", What}}}, {"artifactChanges", Changes}}};
    }
    if (F.Suppressed)
      Result["suppressions"] = {{{"kind", "inSource"}, {"justification", F.SuppressionReason}}};
    else if (BaselineGiven)
      Result["baselineState"] = F.InBaseline ? "unchanged" : "new";
    Results.push_back(Result);
  }
  J Artifacts = J::array(), Notifications = J::array();
  bool Ok = true;
  for (const TUResult &R : TUs) {
    Artifacts.push_back({{"location", location(R.File, Root)}, {"roles", {"analysisTarget"}}});
    // A file analysed with gaps is a warning (its findings are there); one that could
    // not be analysed, or an unmatched NOLINT marker, is an error.
    for (const std::string &E : R.SourceErrors) {
      Ok = false;
      Notifications.push_back({{"level", "error"}, {"message", {{"text", E}}}});
    }
    TUResult::Status S = R.status();
    if (S == TUResult::Status::Ok)
      continue;
    Ok &= S != TUResult::Status::Failed;
    J Note = {
        {"level", S == TUResult::Status::Failed ? "error" : "warning"},
        {"message", {{"text", R.File + ": " + describeStatus(R)}}},
        {"locations", {{{"physicalLocation", {{"artifactLocation", location(R.File, Root)}}}}}}};
    if (!R.MissingHeaders.empty())
      Note["properties"] = {{"missingHeaders", R.MissingHeaders}};
    Notifications.push_back(Note);
  }
  J Driver = {{"name", "hostsync-lint"}, {"version", HOSTSYNC_VERSION}};
  if (!Links.Information.empty())
    Driver["informationUri"] = Links.Information;
  Driver["rules"] = Rules;
  J Run = {{"tool", {{"driver", Driver}}},
           {"originalUriBaseIds", {{"%SRCROOT%", {{"uri", "file://" + encodePath(Root) + "/"}}}}},
           {"artifacts", Artifacts},
           {"invocations",
            {{{"executionSuccessful", Ok}, {"toolExecutionNotifications", Notifications}}}},
           {"results", Results}};
  if (!Shard.is_null())
    Run["properties"] = {{"hostsync-lint/shard", Shard}};
  J Doc = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
           {"version", "2.1.0"},
           {"runs", {Run}}};
  OS << text::outputJson(Doc, 2) << "\n";
}

} // namespace hostsync
