#include "output/Writers.h"

#include "support/SourceRoot.h"

#include "common/ColumnWidth.h"
#include "common/JsonText.h"

#include "hostsync_version.h"

#include <nlohmann/json.hpp>

#include <map>

namespace hostsync {

namespace {
// Clang's colours, as terminals read them: each piece bold, a colour for the severity.
enum class Colour { Plain, Black, Red, Green, Magenta };
const char *colourCode(Colour C) {
  switch (C) {
  case Colour::Plain:
    return "\033[1m";
  case Colour::Black:
    return "\033[0;1;30m";
  case Colour::Red:
    return "\033[0;1;31m";
  case Colour::Green:
    return "\033[0;1;32m";
  case Colour::Magenta:
    return "\033[0;1;35m";
  }
  return "";
}

// Every piece of a diagnostic is written here, under the rule of common/Utf8.h for text that
// is not UTF-8 (a comment in GBK on the finding's line, a file name in Latin-1).
void colored(std::ostream &OS, bool Color, Colour C, const std::string &Text) {
  if (Color)
    OS << colourCode(C);
  OS << text::validUtf8(Text);
  if (Color)
    OS << "\033[0m";
}

// The caret line, under the finding's column (a byte column, as Clang counts): tabs kept,
// other text replaced by as many spaces as it is wide on a terminal, so that a line with
// "é" or "张量" before the call still points at the call. Bytes that are not UTF-8 are as
// wide as the \xHH the line is shown with.
std::string caretLine(const std::string &Source, unsigned Column) {
  std::string Out;
  std::string Shown = text::validUtf8(std::string_view(Source).substr(0, Column ? Column - 1 : 0));
  std::string_view Before = Shown;
  while (!Before.empty()) {
    size_t Tab = Before.find('\t');
    std::string_view Text = Before.substr(0, Tab);
    int Width = text::columnWidth(Text);
    Out.append(Width < 0 ? Text.size() : static_cast<size_t>(Width), ' ');
    if (Tab == std::string_view::npos)
      break;
    Out += '\t';
    Before.remove_prefix(Tab + 1);
  }
  return Out + "^";
}
} // namespace

void writeText(std::ostream &OS, const std::vector<Finding> &Findings, bool Color,
               const std::string &Root) {
  using C = Colour;
  for (const Finding &F : Findings) {
    if (F.Suppressed || F.InBaseline)
      continue;
    std::string Where = relativeToRoot(F.File, Root) + ":" + std::to_string(F.Line) + ":" +
                        std::to_string(F.Column) + ": ";
    colored(OS, Color, C::Plain, Where);
    C SevColor = F.Level == Severity::Error     ? C::Red
                 : F.Level == Severity::Warning ? C::Magenta
                                                : C::Black;
    colored(OS, Color, SevColor, std::string(severityName(F.Level)) + ": ");
    std::string Tag = rankName(F.LoopRank);
    colored(OS, Color, C::Plain,
            F.Message + " (" + Tag + ": " + F.RankReason + "; device: " + confidenceName(F.Device) +
                (F.DeviceReason.empty() ? "" : " (" + F.DeviceReason + ")") + ") [" + F.Rule + "]");
    OS << "\n";
    if (!F.SourceLine.empty()) {
      OS << text::validUtf8(F.SourceLine) << "\n";
      colored(OS, Color, C::Green, caretLine(F.SourceLine, F.Column));
      OS << "\n";
    }
    colored(OS, Color, C::Plain, Where);
    colored(OS, Color, C::Black, "note: ");
    colored(OS, Color, C::Plain, "fix: " + F.Fix);
    OS << "\n";
    if (!F.Replacements.empty()) { // the rewrite, as clang-tidy shows a fix-it
      colored(OS, Color, C::Plain, Where);
      colored(OS, Color, C::Black, "note: ");
      colored(OS, Color, C::Plain,
              (F.FixCondition.empty() ? "exact rewrite available (--fix): "
                                      : "rewrite if " + F.FixCondition + " (--fix-notes): ") +
                  F.Replacements.front().Text);
      OS << "\n";
    }
    for (const RelatedLocation &L : F.Related) { // clang's notes at another place
      colored(OS, Color, C::Plain,
              relativeToRoot(L.File, Root) + ":" + std::to_string(L.Line) + ":" +
                  std::to_string(L.Column) + ": ");
      colored(OS, Color, C::Black, "note: ");
      colored(OS, Color, C::Plain, L.Message);
      OS << "\n";
    }
  }
}

namespace {
// Workflow-command escaping: data escapes %, CR, LF; properties also ':' and ','.
std::string githubEscape(const std::string &S, bool Property) {
  std::string Out;
  for (char C : text::validUtf8(S)) {
    if (C == '%')
      Out += "%25";
    else if (C == '\r')
      Out += "%0D";
    else if (C == '\n')
      Out += "%0A";
    else if (Property && C == ':')
      Out += "%3A";
    else if (Property && C == ',')
      Out += "%2C";
    else
      Out += C;
  }
  return Out;
}
} // namespace

void writeGithub(std::ostream &OS, const std::vector<Finding> &Findings, const std::string &Root) {
  for (const Finding &F : Findings) {
    if (F.Suppressed || F.InBaseline)
      continue;
    const char *Level = F.Level == Severity::Error     ? "error"
                        : F.Level == Severity::Warning ? "warning"
                                                       : "notice";
    OS << "::" << Level << " file=" << githubEscape(relativeToRoot(F.File, Root), true)
       << ",line=" << F.Line << ",col=" << F.Column << ",title=" << githubEscape(F.Rule, true)
       << "::"
       << githubEscape(F.Message + " (" + rankName(F.LoopRank) + ": " + F.RankReason +
                           ")\nfix: " + F.Fix,
                       false)
       << "\n";
  }
}

void writeJson(std::ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<TUResult> &TUs, const JsonRunInfo &Run,
               const nlohmann::ordered_json &Shard) {
  nlohmann::ordered_json Doc;
  Doc["schema"] = "hostsync-lint/findings";
  Doc["version"] = FindingsJsonVersion;
  Doc["tool"] = {{"name", "hostsync-lint"}, {"version", HOSTSYNC_VERSION}};
  Doc["options"] = {{"assume_device", Run.AssumeDevice},
                    {"min_severity", Run.MinSeverity},
                    {"rules", Run.EnabledRules}};
  auto Items = nlohmann::ordered_json::array();
  std::map<std::string, int> ByRule;
  int Hot = 0, Periodic = 0, Suppressed = 0, Known = 0;
  for (const Finding &F : Findings) {
    nlohmann::ordered_json Item = {{"rule", F.Rule},
                                   {"severity", severityName(F.Level)},
                                   {"file", F.File},
                                   {"line", F.Line},
                                   {"column", F.Column},
                                   {"op", F.Op},
                                   {"device", confidenceName(F.Device)},
                                   {"device_reason", F.DeviceReason},
                                   {"rank", rankName(F.LoopRank)},
                                   {"rank_reason", F.RankReason}};
    if (F.Period)
      Item["period"] = *F.Period;
    if (F.ReadFromText)
      Item["analysed"] = false;
    Item["function"] = F.Function;
    Item["message"] = F.Message;
    Item["fix"] = F.Fix;
    if (!F.Callee.empty())
      Item["callee"] = F.Callee;
    if (!F.Related.empty()) {
      auto Related = nlohmann::ordered_json::array();
      for (const RelatedLocation &L : F.Related)
        Related.push_back(
            {{"file", L.File}, {"line", L.Line}, {"column", L.Column}, {"message", L.Message}});
      Item["related"] = Related;
    }
    if (!F.Replacements.empty()) {
      auto Edits = nlohmann::ordered_json::array();
      for (const Replacement &R : F.Replacements)
        Edits.push_back(
            {{"file", R.File}, {"offset", R.Offset}, {"length", R.Length}, {"text", R.Text}});
      Item["fix_it"] = Edits;
      if (!F.FixCondition.empty())
        Item["fix_it_condition"] = F.FixCondition;
    }
    if (F.Suppressed) {
      ++Suppressed;
      Item["suppression"] = {{"kind", "NOLINT"}, {"reason", F.SuppressionReason}};
    } else {
      if (Run.BaselineGiven)
        Item["baseline"] = F.InBaseline ? "unchanged" : "new";
      Known += F.InBaseline;
      ++ByRule[F.Rule];
      Hot += F.LoopRank == Rank::Hot;
      Periodic += F.LoopRank == Rank::Periodic;
    }
    Items.push_back(Item);
  }
  Doc["findings"] = Items;
  auto Units = nlohmann::ordered_json::array();
  for (const TUResult &R : TUs) {
    nlohmann::ordered_json U = {
        {"file", R.File}, {"status", statusName(R.status())}, {"errors", R.Errors}};
    if (!R.MissingHeaders.empty())
      U["missing_headers"] = R.MissingHeaders;
    if (!R.FirstError.empty())
      U["first_error"] = R.FirstError;
    Units.push_back(U);
  }
  Doc["translation_units"] = Units;
  int Reported = static_cast<int>(Findings.size()) - Suppressed;
  Doc["summary"] = {{"findings", Reported},     {"hot", Hot},
                    {"periodic", Periodic},     {"cold", Reported - Hot - Periodic},
                    {"suppressed", Suppressed}, {"by_rule", ByRule}};
  if (Run.BaselineGiven)
    Doc["summary"]["in_baseline"] = Known;
  std::map<std::string, int> ByDevice;
  for (const Finding &F : Findings)
    if (!F.Suppressed)
      ++ByDevice[confidenceName(F.Device)];
  Doc["summary"]["by_device"] = ByDevice;
  Doc["summary"]["seconds"] = {{"analysis", Run.AnalysisSeconds},
                               {"project_pass", Run.ProjectPassSeconds}};
  if (!Shard.is_null())
    Doc["shard"] = Shard;
  OS << text::outputJson(Doc, 2) << "\n";
}

void writeCodeQuality(std::ostream &OS, const std::vector<Finding> &Findings,
                      const std::string &SourceRoot) {
  auto Items = nlohmann::ordered_json::array();
  std::map<std::string, unsigned> Seen; // identical lines get distinct fingerprints
  for (const Finding &F : Findings) {
    if (F.Suppressed || F.InBaseline)
      continue;
    std::string Path = relativeToRoot(F.File, SourceRoot);
    std::string Id = F.Rule + ":" + Path + ":" + lineHash(F.SourceLine);
    Id += ":" + std::to_string(++Seen[Id]);
    // GitLab's scale: hot syncs are what slows training down.
    const char *Level = F.Level == Severity::Error  ? "critical"
                        : F.Level == Severity::Note ? "info"
                        : F.LoopRank == Rank::Hot   ? "major"
                                                    : "minor";
    Items.push_back({{"description", F.Message + " (fix: " + F.Fix + ")"},
                     {"check_name", F.Rule},
                     {"fingerprint", Id},
                     {"severity", Level},
                     {"location", {{"path", Path}, {"lines", {{"begin", F.Line}}}}}});
  }
  OS << text::outputJson(Items, 2) << "\n";
}

void writeRuleListText(std::ostream &OS, const Catalog &C) {
  for (const RuleInfo &R : C.rules()) {
    OS << R.Id << " (" << severityName(R.DefaultSeverity) << "): " << R.Title << "\n";
    OS << "  why: " << R.Why << "\n";
    OS << "  fix: " << R.FixSummary << "\n";
    OS << "  at run time: ";
    for (size_t I = 0; I < R.Runtime.size(); ++I)
      OS << (I ? ", " : "") << R.Runtime[I];
    OS << "\n  docs: docs/rules/" << R.Id << ".md\n";
  }
}

} // namespace hostsync
