#include "tidy/OtherFilesFacts.h"
#include "cache/ContentHashes.h"
#include "core/ProjectFactsFile.h"
#include "support/AbsolutePath.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <optional>

namespace hostsync::tidy {

namespace {
// clang-tidy may check several files in one process: each facts file is read once, and
// each file's content hashed once.
const std::optional<std::vector<FileFacts>> &load(const std::string &Path, std::string &Error) {
  static std::map<std::string, std::pair<std::optional<std::vector<FileFacts>>, std::string>> Cache;
  auto [It, New] = Cache.try_emplace(Path);
  if (New)
    It->second.first = readProjectFacts(Path, It->second.second);
  Error = It->second.second;
  return It->second.first;
}

bool lists(const std::vector<FileFacts> &Files, const std::string &File) {
  return std::any_of(Files.begin(), Files.end(),
                     [&](const FileFacts &F) { return F.File == File; });
}

// The facts file the setting names, or the one the search finds: the nearest to the
// compile command's directory, in it or above it, that lists MainFile (a cache that does
// not may be another project's, whose keys could name other functions alike; a damaged
// one in the directory itself is reported). Null when there is none.
const std::vector<FileFacts> *factsFor(const std::string &Setting, const std::string &BuildDir,
                                       const std::string &MainFile, std::string &Error) {
  if (!Setting.empty()) {
    std::string Path = absolutePathIn(BuildDir, Setting);
    if (llvm::sys::fs::is_directory(Path))
      Path = projectFactsPath(Path);
    const auto &Files = load(Path, Error);
    return Files ? &*Files : nullptr;
  }
  for (llvm::StringRef Dir = BuildDir; !Dir.empty(); Dir = llvm::sys::path::parent_path(Dir)) {
    std::string Path = projectFactsPath(Dir.str() + "/.hostsync-cache");
    if (!llvm::sys::fs::exists(Path))
      continue;
    std::string E;
    const auto &Files = load(Path, E);
    if (Dir == BuildDir && !Files) {
      Error = E;
      return nullptr;
    }
    if (Files && lists(*Files, MainFile))
      return &*Files;
  }
  return nullptr;
}
} // namespace

bool addOtherFilesFacts(ProjectFacts &Facts, const std::string &Setting,
                        const std::string &BuildDir, const std::string &MainFile,
                        std::string &Error) {
  if (Setting == "none")
    return true;
  std::string Main = realPathOf(MainFile);
  const std::vector<FileFacts> *Files = factsFor(Setting, absolutePath(BuildDir), Main, Error);
  if (!Files)
    return Error.empty();
  static ContentHashes Hashes;
  for (const FileFacts &F : *Files) {
    if (F.File == Main)
      continue;
    if (Hashes.of(F.File) == F.Hash) {
      Facts.add(F.Facts);
      continue;
    }
    // Edited since: what it passed, returned or stored may have changed. Its CUDA evidence
    // is kept, the rest is unknown (never the CPU it may no longer be).
    TUFacts Stale = F.Facts;
    for (Contribution &C : Stale.Contributions)
      if (!isEvidenceKey(C.Key) && C.Value.Base != DeviceState::Cuda) {
        C.Value.Base = DeviceState::Unknown;
        C.Why = llvm::sys::path::filename(F.File).str() + " was edited since hostsync-lint ran";
      }
    Facts.add(Stale);
  }
  return true;
}

} // namespace hostsync::tidy
