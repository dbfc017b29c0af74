#include "driver/Baseline.h"

#include "driver/SourceRoot.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <set>

namespace hostsync {

using J = nlohmann::ordered_json;

namespace {
std::string key(const std::string &Rule, const std::string &File, const std::string &Hash) {
  return Rule + "\n" + File + "\n" + Hash;
}
} // namespace

bool writeBaseline(const std::string &Path, const std::vector<Finding> &Findings,
                   const std::string &SourceRoot, std::string &Error) {
  J Entries = J::array();
  for (const Finding &F : Findings)
    if (!F.Suppressed)
      Entries.push_back({{"rule", F.Rule},
                         {"file", relativeToRoot(F.File, SourceRoot)},
                         {"line_hash", lineHash(F.SourceLine)},
                         {"line", F.Line}});
  J Doc = {
      {"schema", "hostsync-lint/baseline"}, {"version", BaselineVersion}, {"findings", Entries}};
  std::ofstream Out(Path, std::ios::trunc);
  Out << Doc.dump(1) << "\n";
  if (!Out) {
    Error = Path + ": cannot write the baseline";
    return false;
  }
  return true;
}

bool applyBaseline(const std::string &Path, std::vector<Finding> &Findings,
                   const std::string &SourceRoot, std::string &Error) {
  std::ifstream In(Path);
  if (!In) {
    Error = Path + ": cannot read the baseline";
    return false;
  }
  std::multiset<std::string> Known;
  try {
    J Doc = J::parse(In);
    if (Doc.value("schema", "") != "hostsync-lint/baseline" ||
        Doc.value("version", 0) != BaselineVersion) {
      Error = Path + ": not a hostsync-lint baseline (version " + std::to_string(BaselineVersion) +
              "); write one with --write-baseline";
      return false;
    }
    for (const J &E : Doc.at("findings"))
      Known.insert(key(E.at("rule"), E.at("file"), E.at("line_hash")));
  } catch (const J::exception &E) {
    Error = Path + ": malformed baseline: " + E.what();
    return false;
  }
  for (Finding &F : Findings) {
    if (F.Suppressed)
      continue;
    auto It = Known.find(key(F.Rule, relativeToRoot(F.File, SourceRoot), lineHash(F.SourceLine)));
    if (It != Known.end()) {
      F.InBaseline = true;
      Known.erase(It);
    }
  }
  return true;
}

} // namespace hostsync
