#include "driver/Merge.h"

#include "driver/OutputFile.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace hostsync {

namespace {

using J = nlohmann::ordered_json;

int fail(const std::string &Message) {
  llvm::errs() << "hostsync-lint: error: merge: " << Message << "\n";
  return 2;
}

enum class Kind { Findings, Sarif };

int rankOrder(const J &F) { // hot first
  std::string R = F.value("rank", "cold");
  return R == "hot" ? 0 : R == "periodic" ? 1 : 2;
}

// The place of a finding (JSON) or result (SARIF): what makes two of them the same.
std::tuple<std::string, std::string, int, int> placeOf(const J &F, Kind K) {
  if (K == Kind::Findings)
    return {F.value("file", ""), F.value("rule", ""), F.value("line", 0), F.value("column", 0)};
  const J &Loc = F.at("locations").at(0).at("physicalLocation");
  return {Loc.at("artifactLocation").value("uri", ""), F.value("ruleId", ""),
          Loc.at("region").value("startLine", 0), Loc.at("region").value("startColumn", 0)};
}

int rankOf(const J &F, Kind K) {
  return rankOrder(K == Kind::Findings ? F : F.value("properties", J::object()));
}

// One per place (the hottest, as one run keeps), in the order of one run.
J joinFindings(std::vector<J> All, Kind K) {
  std::stable_sort(All.begin(), All.end(), [&](const J &A, const J &B) {
    auto [FA, RA, LA, CA] = placeOf(A, K);
    auto [FB, RB, LB, CB] = placeOf(B, K);
    int HA = rankOf(A, K), HB = rankOf(B, K);
    return std::tie(FA, LA, CA, RA, HA) < std::tie(FB, LB, CB, RB, HB);
  });
  J Out = J::array();
  for (J &F : All)
    if (Out.empty() || placeOf(Out.back(), K) != placeOf(F, K))
      Out.push_back(std::move(F));
  std::stable_sort(Out.begin(), Out.end(),
                   [&](const J &A, const J &B) { return rankOf(A, K) < rankOf(B, K); });
  return Out;
}

// The summary of findings-json.md, counted from the findings; seconds are summed (the
// analysis time of all shards together).
J summaryOf(const J &Findings, const std::vector<J> &Docs) {
  int Hot = 0, Periodic = 0, Suppressed = 0, Known = 0, Reported = 0;
  std::map<std::string, int> ByRule, ByDevice;
  bool Baseline = false;
  for (const J &F : Findings) {
    if (F.contains("suppression")) {
      ++Suppressed;
      continue;
    }
    ++Reported;
    Baseline |= F.contains("baseline");
    Known += F.value("baseline", "") == "unchanged";
    ++ByRule[F.value("rule", "")];
    ++ByDevice[F.value("device", "")];
    Hot += F.value("rank", "") == "hot";
    Periodic += F.value("rank", "") == "periodic";
  }
  J S = {{"findings", Reported},     {"hot", Hot},
         {"periodic", Periodic},     {"cold", Reported - Hot - Periodic},
         {"suppressed", Suppressed}, {"by_rule", ByRule}};
  if (Baseline || Docs[0].at("summary").contains("in_baseline"))
    S["in_baseline"] = Known;
  S["by_device"] = ByDevice;
  double Analysis = 0, Project = 0;
  for (const J &D : Docs) {
    const J &Sec = D.at("summary").value("seconds", J::object());
    Analysis += Sec.value("analysis", 0.0);
    Project += Sec.value("project_pass", 0.0);
  }
  S["seconds"] = {{"analysis", Analysis}, {"project_pass", Project}};
  return S;
}

J mergeFindingsJson(const std::vector<J> &Docs) {
  std::vector<J> All;
  J Units = J::array();
  for (const J &D : Docs) {
    for (const J &F : D.at("findings"))
      All.push_back(F);
    for (const J &U : D.at("translation_units"))
      Units.push_back(U);
  }
  J Out = Docs[0];
  Out["findings"] = joinFindings(std::move(All), Kind::Findings);
  Out["translation_units"] = Units;
  Out["summary"] = summaryOf(Out["findings"], Docs);
  return Out;
}

J mergeSarif(const std::vector<J> &Docs) {
  std::vector<J> All;
  J Artifacts = J::array(), Notes = J::array();
  std::set<std::string> Seen;
  bool Ok = true;
  for (const J &D : Docs) {
    const J &Run = D.at("runs").at(0);
    for (const J &R : Run.at("results"))
      All.push_back(R);
    for (const J &A : Run.value("artifacts", J::array()))
      if (Seen.insert(A.at("location").dump()).second)
        Artifacts.push_back(A);
    for (const J &I : Run.value("invocations", J::array())) {
      Ok &= I.value("executionSuccessful", true);
      for (const J &N : I.value("toolExecutionNotifications", J::array()))
        Notes.push_back(N);
    }
  }
  J Out = Docs[0];
  J &Run = Out["runs"][0];
  Run["artifacts"] = Artifacts;
  Run["invocations"] = {{{"executionSuccessful", Ok}, {"toolExecutionNotifications", Notes}}};
  Run["results"] = joinFindings(std::move(All), Kind::Sarif);
  return Out;
}

} // namespace

int runMerge(int Argc, const char **Argv) {
  std::string Output;
  std::vector<std::string> Inputs;
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef A(Argv[I]);
    if ((A == "-o" || A == "--output") && I + 1 < Argc)
      Output = Argv[++I];
    else if (A.consume_front("--output="))
      Output = A.str();
    else if (A.size() > 1 && A[0] == '-')
      return fail("unknown option '" + A.str() + "' (usage: hostsync-lint merge [-o <file>] " +
                  "<shard output>...)");
    else
      Inputs.push_back(A.str());
  }
  if (Inputs.empty())
    return fail("no input files (usage: hostsync-lint merge [-o <file>] <shard output>...)");
  std::vector<J> Docs;
  std::optional<Kind> K;
  std::string Version;
  for (const std::string &In : Inputs) {
    auto Buffer = llvm::MemoryBuffer::getFile(In);
    if (!Buffer)
      return fail(In + ": cannot read: " + Buffer.getError().message());
    J D = J::parse((*Buffer)->getBuffer().begin(), (*Buffer)->getBuffer().end(), nullptr, false);
    Kind This;
    std::string V;
    if (D.is_object() && D.value("schema", "") == "hostsync-lint/findings" &&
        D.contains("findings") && D.contains("translation_units") && D.contains("summary")) {
      This = Kind::Findings;
      V = D.at("version").dump();
    } else if (D.is_object() && D.value("version", "") == "2.1.0" && D.contains("runs") &&
               D["runs"].is_array() && D["runs"].size() == 1 &&
               D["runs"][0]
                       .value("tool", J::object())
                       .value("driver", J::object())
                       .value("name", "") == "hostsync-lint") {
      This = Kind::Sarif;
      V = "2.1.0";
    } else {
      return fail(In + ": not the JSON or SARIF output of hostsync-lint");
    }
    if (K && (*K != This || V != Version))
      return fail(In + ": not of the same format and version as " + Inputs[0]);
    K = This;
    Version = V;
    Docs.push_back(std::move(D));
  }
  J Out;
  try {
    Out = *K == Kind::Findings ? mergeFindingsJson(Docs) : mergeSarif(Docs);
  } catch (const J::exception &E) {
    return fail(std::string("an input is damaged: ") + E.what());
  }
  std::string Error;
  if (Output.empty()) {
    llvm::outs() << Out.dump(2) << "\n";
    return 0;
  }
  std::unique_ptr<OutputFile> F = OutputFile::create(Output, Error);
  if (!F)
    return fail(Error);
  F->stream() << Out.dump(2) << "\n";
  return F->commit(Error) ? 0 : fail(Error);
}

} // namespace hostsync
