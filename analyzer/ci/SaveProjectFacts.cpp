#include "ci/SaveProjectFacts.h"
#include "core/ProjectFactsFile.h"
#include "support/OutputFile.h"

#include <filesystem>

namespace hostsync {

std::string saveProjectFacts(const std::string &CacheDir, const std::vector<TUResult> &Results,
                             ContentHashes &Hashes) {
  std::string Path = projectFactsPath(CacheDir);
  std::vector<FileFacts> Now;
  for (const TUResult &R : Results) {
    if (R.Failed) // nothing learnt: an earlier run's facts, if any, stay (checked by hash)
      continue;
    std::string File = realPathOf(R.File);
    Now.push_back({File, Hashes.of(File), R.Facts});
  }
  std::string Ignored; // a damaged or older file is replaced
  std::vector<FileFacts> Old = readProjectFacts(Path, Ignored).value_or(std::vector<FileFacts>());
  std::string Error;
  std::error_code EC;
  if (!std::filesystem::is_directory(CacheDir, EC) &&
      !std::filesystem::create_directories(CacheDir, EC) && EC)
    return CacheDir + ": cannot create: " + EC.message();
  std::unique_ptr<OutputFile> Out = OutputFile::create(Path, Error);
  if (!Out)
    return Error;
  Out->stream() << projectFactsText(updatedFacts(std::move(Old), std::move(Now)));
  return Out->commit(Error) ? "" : Error;
}

} // namespace hostsync
