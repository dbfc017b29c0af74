#include "ci/Baseline.h"

#include "core/InputFiles.h"
#include "support/SourceRoot.h"

#include "common/JsonText.h"

#include <nlohmann/json.hpp>

namespace hostsync {

namespace {
std::string key(const std::string &Rule, const std::string &File, const std::string &Hash) {
  return Rule + "\n" + File + "\n" + Hash;
}
} // namespace

void writeBaseline(std::ostream &OS, const std::vector<Finding> &Findings,
                   const std::string &SourceRoot) {
  using J = nlohmann::ordered_json;
  J Entries = J::array();
  for (const Finding &F : Findings)
    if (!F.Suppressed)
      Entries.push_back({{"rule", F.Rule},
                         {"file", relativeToRoot(F.File, SourceRoot)},
                         {"line_hash", lineHash(F.SourceLine)},
                         {"line", F.Line}});
  J Doc = {
      {"schema", "hostsync-lint/baseline"}, {"version", BaselineVersion}, {"findings", Entries}};
  OS << text::outputJson(Doc, 1) << "\n";
}

bool readBaseline(const std::string &Path, Baseline &Out, std::string &Error) {
  nlohmann::ordered_json Top;
  if (!readJsonFile(Path, Top, Error))
    return false;
  std::string Schema;
  int64_t Version = 0;
  if (!stringMember(Top, "schema", Schema) || Schema != "hostsync-lint/baseline" ||
      !integerMember(Top, "version", Version) || Version != BaselineVersion) {
    Error = Path + ": not a hostsync-lint baseline (version " + std::to_string(BaselineVersion) +
            "); write one with --write-baseline";
    return false;
  }
  auto Entries = Top.find("findings");
  if (Entries == Top.end() || !Entries->is_array()) {
    Error = Path + ": 'findings' must be an array";
    return false;
  }
  for (size_t I = 0; I < Entries->size(); ++I) {
    const nlohmann::ordered_json &E = (*Entries)[I];
    std::string Rule, File, Hash;
    if (!stringMember(E, "rule", Rule) || !stringMember(E, "file", File) ||
        !stringMember(E, "line_hash", Hash)) {
      Error = Path + ": findings[" + std::to_string(I) +
              "]: needs the strings 'rule', 'file' and 'line_hash'";
      return false;
    }
    Out.Known.insert(key(Rule, File, Hash));
  }
  return true;
}

void applyBaseline(Baseline Accepted, std::vector<Finding> &Findings,
                   const std::string &SourceRoot) {
  for (Finding &F : Findings) {
    if (F.Suppressed)
      continue;
    // The file as the baseline names it: under the rule of common/Utf8.h.
    auto It = Accepted.Known.find(
        key(F.Rule, text::validUtf8(relativeToRoot(F.File, SourceRoot)), lineHash(F.SourceLine)));
    if (It != Accepted.Known.end()) {
      F.InBaseline = true;
      Accepted.Known.erase(It);
    }
  }
}

} // namespace hostsync
