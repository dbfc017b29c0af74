#include "cache/ResultCache.h"

#include "cache/TUResultJson.h"
#include "common/JsonText.h"
#include "support/OutputFile.h"

#include "hostsync_config.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace hostsync {

std::string ResultCache::keyOf(const std::string &ToolId, const std::string &File,
                               const std::string &Directory, const std::vector<std::string> &Args,
                               const std::vector<std::string> &EnabledRules, int Assume) {
  std::vector<std::string> Parts = {"result", ToolId, File, Directory, std::to_string(Assume)};
  Parts.push_back(std::to_string(Args.size()));
  Parts.insert(Parts.end(), Args.begin(), Args.end());
  Parts.insert(Parts.end(), EnabledRules.begin(), EnabledRules.end());
  return hashParts(Parts);
}

std::string ResultCache::pathOf(const std::string &Key) const {
  return Dir + "/results/" + Key.substr(0, 2) + "/" + Key + ".json";
}

bool ResultCache::load(const std::string &Key, TUResult &Out) {
  auto Buffer = llvm::MemoryBuffer::getFile(pathOf(Key));
  if (!Buffer)
    return false;
  nlohmann::json Stored =
      nlohmann::json::parse((*Buffer)->getBuffer().begin(), (*Buffer)->getBuffer().end(), nullptr,
                            /*allow_exceptions=*/false);
  nlohmann::json J;
  if (Stored.is_discarded() || !text::fromStored(Stored, J) || !J.is_object() ||
      !J.contains("read") || !J.contains("result"))
    return false;
  std::vector<Dependency> Read;
  try {
    for (const nlohmann::json &D : J.at("read"))
      Read.push_back({D.at(0).get<std::string>(), D.at(1).get<std::string>()});
  } catch (const nlohmann::json::exception &) {
    return false;
  }
  return Hashes.unchanged(Read) && fromJson(J.at("result"), Out);
}

void ResultCache::store(const std::string &Key, const TUResult &R,
                        const std::vector<Dependency> &Read) {
  if (R.Failed)
    return;
  nlohmann::json Files = nlohmann::json::array();
  for (const Dependency &D : Read)
    Files.push_back({D.Path, D.Hash});
  std::string Path = pathOf(Key), Error;
  // A cache that cannot be written costs speed, not results: nothing is said.
  if (llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path)))
    return;
  // Stored so that every byte comes back (a comment in GBK on a finding's line, a file name
  // in Latin-1): a cached rerun prints what the first run printed.
  try {
    if (std::unique_ptr<OutputFile> F = OutputFile::create(Path, Error)) {
      F->stream() << text::storedJson(nlohmann::json{{"read", Files}, {"result", toJson(R)}});
      F->commit(Error);
    }
  } catch (const std::exception &) { // a result that cannot be stored is analysed next time
  }
}

std::string toolIdentity(const char *Argv0) {
  static int Anchor;
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, &Anchor);
  llvm::sys::fs::file_status S;
  std::string Stamp;
  if (!llvm::sys::fs::status(Exe, S))
    Stamp = std::to_string(S.getSize()) + "/" +
            std::to_string(S.getLastModificationTime().time_since_epoch().count());
  return "hostsync-lint " HOSTSYNC_VERSION " LLVM " LLVM_VERSION_STRING " " + Exe + " " + Stamp;
}

} // namespace hostsync
