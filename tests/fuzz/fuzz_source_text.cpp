// Text from a user's files through every output of hostsync-lint and through its stores
// (common/Utf8.h): any bytes as a file name, a finding's source line and a fix's edit give
// outputs that are valid UTF-8 (the JSON ones parse as strict JSON), and the result cache
// and the project facts give every byte back. Any other outcome aborts, which libFuzzer
// reports as a crash.
#include "cache/ResultCache.h"
#include "common/Utf8.h"
#include "core/ProjectFactsFile.h"
#include "ci/Baseline.h"
#include "output/Fixes.h"
#include "output/SarifWriter.h"
#include "output/Writers.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <sstream>
#include <cstdlib>
#include <string>

using namespace hostsync;

namespace {
void require(bool Holds) {
  if (!Holds)
    std::abort();
}

// An output that must be strict JSON: nlohmann throws on text that is not UTF-8.
void requireJson(const std::string &Text) {
  require(text::isValidUtf8(Text));
  (void)nlohmann::json::parse(Text);
}

// The input cut at its first two newlines: a file name, a source line, a fix's edit.
void split(const uint8_t *Data, size_t Size, std::string Parts[3]) {
  std::string All(reinterpret_cast<const char *>(Data), Size);
  for (int I = 0; I < 2; ++I) {
    size_t Cut = std::min(All.find('\n'), All.size());
    Parts[I] = All.substr(0, Cut);
    All.erase(0, std::min(All.size(), Cut + 1));
  }
  Parts[2] = All;
}

// A folder of this process for the stores, under the TMPDIR that scripts/fuzz.sh removes.
const std::string &storeDir() {
  static std::string Dir = [] {
    llvm::SmallString<128> P;
    require(!llvm::sys::fs::createUniqueDirectory("fuzz-source-text", P));
    return std::string(P.str());
  }();
  return Dir;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Part[3];
  split(Data, Size, Part);
  Finding F;
  F.Rule = "hostsync-item";
  F.File = "/src/" + Part[0];
  F.Line = 2;
  F.Column = 1 + static_cast<unsigned>(Part[1].size() / 2);
  F.Op = "item";
  F.Message = "'item' in `" + Part[1] + "` synchronizes";
  F.Fix = "keep `" + Part[2] + "` a tensor";
  F.SourceLine = Part[1];
  F.Function = Part[0];
  F.DeviceReason = "returned by `" + Part[2] + "()`";
  F.Replacements = {{F.File, 0, static_cast<unsigned>(Part[1].size()), Part[2]}};
  TUResult R;
  R.File = F.File;
  R.Errors = 1;
  R.Parsed = true;
  R.FirstError = F.File + ":1:1: unknown type name '" + Part[1] + "'";
  R.MissingHeaders = {Part[0] + ".h"};
  R.Findings = {F};
  R.Facts.Names = {{"arg:" + F.File + ":f#0", "parameter `" + Part[1] + "`"}};
  std::vector<Finding> Findings = {F};
  std::vector<TUResult> Results = {R};

  std::ostringstream OS;
  writeText(OS, Findings, /*Color=*/false, "/src");
  writeGithub(OS, Findings, "/src");
  exportFixes(OS, Findings, /*WithConditional=*/true);
  require(text::isValidUtf8(OS.str()));
  for (int Format = 0; Format < 4; ++Format) {
    std::ostringstream JS;
    if (Format == 0)
      writeJson(JS, Findings, Results, JsonRunInfo());
    else if (Format == 1)
      writeSarif(JS, Findings, Results, Catalog::embedded(), "/src", SarifLinks());
    else if (Format == 2)
      writeCodeQuality(JS, Findings, "/src");
    else
      writeBaseline(JS, Findings, "/src");
    requireJson(JS.str());
  }

  // The stores: every byte comes back.
  ContentHashes Hashes;
  ResultCache Cache(storeDir(), Hashes);
  std::string Key(64, 'f');
  Cache.store(Key, R, {});
  TUResult Back;
  require(Cache.load(Key, Back));
  require(Back.File == R.File && Back.FirstError == R.FirstError &&
          Back.MissingHeaders == R.MissingHeaders && Back.Facts.Names == R.Facts.Names &&
          Back.Findings.size() == 1 && Back.Findings[0].SourceLine == F.SourceLine &&
          Back.Findings[0].Replacements[0].Text == F.Replacements[0].Text &&
          Back.Findings[0].Message == F.Message);
  std::string Facts = projectFactsText({{F.File, Part[1], R.Facts}});
  require(text::isValidUtf8(Facts));
  std::string FactsPath = storeDir() + "/project-facts.json", Error;
  {
    std::error_code EC;
    llvm::raw_fd_ostream File(FactsPath, EC);
    require(!EC);
    File << Facts;
  }
  std::optional<std::vector<FileFacts>> Read = readProjectFacts(FactsPath, Error);
  require(Read && Read->size() == 1 && (*Read)[0].File == F.File && (*Read)[0].Hash == Part[1] &&
          (*Read)[0].Facts.Names == R.Facts.Names);
  return 0;
}
