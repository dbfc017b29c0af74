#include "core/ProjectFactsFile.h"
#include "model/DeviceFactsJson.h"
#include "common/JsonText.h"

#include "hostsync_config.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <map>

namespace hostsync {

using nlohmann::json;

std::string factsWriter() {
  return std::string("hostsync-lint ") + HOSTSYNC_VERSION + " (LLVM " + LLVM_VERSION_STRING + ")";
}

std::string realPathOf(const std::string &Path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real))
    return std::string(Real.str());
  Real = Path;
  llvm::sys::fs::make_absolute(Real);
  llvm::sys::path::remove_dots(Real, /*remove_dot_dot=*/true);
  return std::string(Real.str());
}

std::string projectFactsPath(const std::string &CacheDir) {
  return CacheDir + "/project-facts.json";
}

std::string projectFactsText(const std::vector<FileFacts> &Files) {
  json Units = json::array();
  for (const FileFacts &F : Files)
    Units.push_back({{"file", F.File}, {"hash", F.Hash}, {"facts", toJson(F.Facts)}});
  // Stored text (common/Utf8.h): a path or a name that is not UTF-8 comes back as it was.
  return text::storedJson(
             json{{"version", ProjectFactsVersion}, {"tool", factsWriter()}, {"files", Units}}) +
         "\n";
}

std::optional<std::vector<FileFacts>> readProjectFacts(const std::string &Path,
                                                       std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = Path + ": cannot read: " + Buffer.getError().message();
    return std::nullopt;
  }
  json Stored = json::parse((*Buffer)->getBuffer().begin(), (*Buffer)->getBuffer().end(), nullptr,
                            /*allow_exceptions=*/false);
  json J;
  if (Stored.is_discarded() || !Stored.is_object() || !text::fromStored(Stored, J)) {
    Error = Path + ": not a project facts file (" +
            (Stored.is_discarded() ? "not JSON"
             : !Stored.is_object() ? "not a JSON object"
                                   : "a stored string is damaged") +
            ")";
    return std::nullopt;
  }
  try {
    if (J.at("version") != ProjectFactsVersion) {
      Error = Path + ": project facts of version " + J.at("version").dump() + ", expected " +
              std::to_string(ProjectFactsVersion);
      return std::nullopt;
    }
    if (std::string Tool = J.at("tool").get<std::string>(); Tool != factsWriter()) {
      Error = Path + ": written by " + Tool + ", not by " + factsWriter();
      return std::nullopt;
    }
    std::vector<FileFacts> Out;
    for (const json &U : J.at("files")) {
      FileFacts F;
      F.File = U.at("file").get<std::string>();
      F.Hash = U.at("hash").get<std::string>();
      fromJson(U.at("facts"), F.Facts);
      Out.push_back(std::move(F));
    }
    return Out;
  } catch (const std::exception &E) {
    Error = Path + ": not a project facts file (" + E.what() + ")";
    return std::nullopt;
  }
}

std::vector<FileFacts> updatedFacts(std::vector<FileFacts> Old, std::vector<FileFacts> New) {
  std::map<std::string, FileFacts> ByFile;
  for (FileFacts &F : Old)
    if (llvm::sys::fs::exists(F.File))
      ByFile[F.File] = std::move(F);
  for (FileFacts &F : New)
    ByFile[F.File] = std::move(F);
  std::vector<FileFacts> Out;
  for (auto &[File, F] : ByFile)
    Out.push_back(std::move(F));
  return Out;
}

} // namespace hostsync
