#include "driver/Merge.h"

#include "common/Utf8.h"

#include "ci/AfterProjectPass.h"
#include "driver/Runner.h"
#include "support/FdStream.h"
#include "support/OutputFile.h"
#include "output/Writer.h"
#include "ci/ShardFacts.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hostsync {

namespace {

using J = nlohmann::ordered_json;

int fail(const std::string &Message) {
  llvm::errs() << "hostsync-lint: error: merge: " << text::validUtf8(Message) << "\n";
  return 2;
}

enum class Kind { Findings, Sarif };

// The format of a document, or nullopt when it is not an output of hostsync-lint.
std::optional<Kind> kindOf(const J &D) {
  if (D.is_object() && D.value("schema", "") == "hostsync-lint/findings" &&
      D.contains("findings") && D.contains("translation_units") && D.contains("summary"))
    return Kind::Findings;
  if (D.is_object() && D.value("version", "") == "2.1.0" && D.contains("runs") &&
      D["runs"].is_array() && D["runs"].size() == 1 &&
      D["runs"][0].value("tool", J::object()).value("driver", J::object()).value("name", "") ==
          "hostsync-lint")
    return Kind::Sarif;
  return std::nullopt;
}

// Where a shard's output keeps its facts (writeJson, writeSarif); null when it has none.
J factsOf(const J &D, Kind K) {
  J Holder = K == Kind::Findings ? D : D["runs"][0].value("properties", J());
  const char *Name = K == Kind::Findings ? "shard" : "hostsync-lint/shard";
  return Holder.is_object() && Holder.contains(Name) ? Holder[Name] : J();
}

// The analysis seconds of a shard's JSON (SARIF has none).
double analysisSeconds(const J &D, Kind K) {
  if (K != Kind::Findings)
    return 0;
  return D.at("summary").value("seconds", J::object()).value("analysis", 0.0);
}

std::string shardName(const ShardFacts &S) {
  return std::to_string(S.Index) + "/" + std::to_string(S.Count);
}

// Every shard of one run, once each; "" or what is wrong.
std::string checkOneRun(const std::vector<ShardFacts> &Shards,
                        const std::vector<std::string> &Inputs) {
  const ShardFacts &First = Shards[0];
  std::map<unsigned, std::string> Given;
  for (size_t I = 0; I < Shards.size(); ++I) {
    const ShardFacts &S = Shards[I];
    std::string Differs = S.Count != First.Count   ? "the number of shards"
                          : S.Files != First.Files ? "the files of the run"
                          : settingsJson(S.After) != settingsJson(First.After) ? "the settings"
                                                                               : "";
    if (!Differs.empty())
      return Inputs[I] + ": not a shard of the same run as " + Inputs[0] + " (" + Differs +
             " differ)";
    if (!Given.emplace(S.Index, Inputs[I]).second)
      return Inputs[I] + ": shard " + shardName(S) + " is also " + Given[S.Index];
  }
  for (unsigned Index = 1; Index <= First.Count; ++Index)
    if (!Given.count(Index))
      return "shard " + std::to_string(Index) + "/" + std::to_string(First.Count) +
             " is missing: give the outputs of every shard of the run";
  return "";
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
  std::optional<Kind> K;
  std::vector<ShardFacts> Shards;
  double AnalysisSeconds = 0;
  for (const std::string &In : Inputs) {
    auto Buffer = llvm::MemoryBuffer::getFile(In);
    if (!Buffer)
      return fail(In + ": cannot read: " + Buffer.getError().message());
    J D = J::parse((*Buffer)->getBuffer().begin(), (*Buffer)->getBuffer().end(), nullptr, false);
    std::optional<Kind> This = kindOf(D);
    if (!This)
      return fail(In + ": not the JSON or SARIF output of hostsync-lint");
    if (K && *K != *This)
      return fail(In + ": not of the same format as " + Inputs[0]);
    K = This;
    J Facts = factsOf(D, *K);
    if (Facts.is_null())
      return fail(
          In + ": has no shard facts (written without --shard=i/n, or by a " +
          "hostsync-lint of another version): merge joins the JSON or SARIF of --shard runs");
    ShardFacts S;
    if (std::string E; !fromJson(Facts, S, E))
      return fail(In + ": " + E);
    AnalysisSeconds += analysisSeconds(D, *K);
    Shards.push_back(std::move(S));
  }
  if (std::string E = checkOneRun(Shards, Inputs); !E.empty())
    return fail(E);

  // The run's files in its order, every shard's configurations, then the project pass over
  // all of them and what follows it, as one run does (ci/AfterProjectPass.h).
  auto Start = std::chrono::steady_clock::now();
  std::vector<ShardFacts::Unit> Units;
  std::map<std::string, LintConfig> Configs;
  std::set<std::string> Excluded;
  for (size_t I = 0; I < Shards.size(); ++I) {
    for (ShardFacts::Unit &U : Shards[I].Units)
      Units.push_back(std::move(U));
    for (auto &[File, C] : Shards[I].Configs)
      Configs.emplace(File, std::move(C));
    Excluded.insert(Shards[I].Excluded.begin(), Shards[I].Excluded.end());
  }
  std::sort(Units.begin(), Units.end(), [](const ShardFacts::Unit &A, const ShardFacts::Unit &B) {
    return A.Position < B.Position;
  });
  std::vector<TUResult> Results;
  for (size_t I = 0; I < Units.size(); ++I) {
    if (Units[I].Position >= Shards[0].Files || (I && Units[I].Position == Units[I - 1].Position))
      return fail("the shards' facts name file " + std::to_string(Units[I].Position) +
                  " of the run twice or out of range: an input is damaged");
    Results.push_back(std::move(Units[I].Result));
  }
  const AfterProjectPass &After = Shards[0].After;
  std::vector<Finding> Findings = mergeFindings(Results);
  Findings.erase(std::remove_if(Findings.begin(), Findings.end(),
                                [&](const Finding &F) { return Excluded.count(F.File) > 0; }),
                 Findings.end());
  double ProjectPassSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  ConfigLookup ConfigOf = [&](const std::string &File, std::string &) -> const LintConfig * {
    static const LintConfig Defaults;
    auto It = Configs.find(File);
    return It == Configs.end() ? &Defaults : &It->second;
  };
  if (std::string E; !applyAfterProjectPass(Findings, ConfigOf, After, E))
    return fail(E);

  std::string Error;
  std::unique_ptr<OutputFile> F;
  if (!Output.empty() && !(F = OutputFile::create(Output, Error)))
    return fail(Error);
  llvm::outs().flush(); // the findings go to fd 1 through the core's own stream
  std::ostream &Out = F ? F->stream() : standardOutput();
  JsonRunInfo Run = jsonRunInfo(After, AnalysisSeconds, ProjectPassSeconds);
  const std::string NoGithubRoot;
  const nlohmann::ordered_json NoShard; // the merged run is whole
  writerFor(*K == Kind::Findings ? OutputFormat::Json : OutputFormat::Sarif)
      .write(Out, {Findings, Results, Run, After.Root, NoGithubRoot, After.Links,
                   /*Color=*/false, NoShard});
  Out.flush();
  standardOutput().flushAll();
  return !F || F->commit(Error) ? 0 : fail(Error);
}

} // namespace hostsync
