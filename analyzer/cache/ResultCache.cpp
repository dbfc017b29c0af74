#include "cache/ResultCache.h"

#include "cache/TUResultJson.h"
#include "common/JsonText.h"
#include "support/OutputFile.h"

#include "hostsync_version.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

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

std::optional<nlohmann::json> ResultCache::entry(const std::string &Key) {
  std::ifstream In(pathOf(Key), std::ios::binary);
  if (!In)
    return std::nullopt;
  std::stringstream Text;
  Text << In.rdbuf();
  nlohmann::json Stored = nlohmann::json::parse(Text.str(), nullptr, /*allow_exceptions=*/false);
  nlohmann::json J;
  if (Stored.is_discarded() || !text::fromStored(Stored, J) || !J.is_object() ||
      !J.contains("read") || !J.contains("result"))
    return std::nullopt;
  std::vector<Dependency> Read;
  try {
    for (const nlohmann::json &D : J.at("read"))
      Read.push_back({D.at(0).get<std::string>(), D.at(1).get<std::string>()});
  } catch (const nlohmann::json::exception &) {
    return std::nullopt;
  }
  if (!Hashes.unchanged(Read))
    return std::nullopt;
  return std::move(J.at("result"));
}

void ResultCache::write(const std::string &Key, nlohmann::json Result,
                        const std::vector<Dependency> &Read) {
  nlohmann::json Files = nlohmann::json::array();
  for (const Dependency &D : Read)
    Files.push_back({D.Path, D.Hash});
  std::string Path = pathOf(Key), Error;
  // A cache that cannot be written costs speed, not results: nothing is said.
  std::error_code Failed;
  std::filesystem::create_directories(std::filesystem::path(Path).parent_path(), Failed);
  if (Failed)
    return;
  // Stored so that every byte comes back (a comment in GBK on a finding's line, a file name
  // in Latin-1): a cached rerun prints what the first run printed.
  try {
    if (std::unique_ptr<OutputFile> F = OutputFile::create(Path, Error)) {
      F->stream() << text::storedJson(
          nlohmann::json{{"read", Files}, {"result", std::move(Result)}});
      F->commit(Error);
    }
  } catch (const std::exception &) { // a result that cannot be stored is analysed next time
  }
}

bool ResultCache::load(const std::string &Key, TUResult &Out) {
  std::optional<nlohmann::json> J = entry(Key);
  return J && fromJson(*J, Out);
}

void ResultCache::store(const std::string &Key, const TUResult &R,
                        const std::vector<Dependency> &Read) {
  if (!R.Failed)
    write(Key, toJson(R), Read);
}

bool ResultCache::loadAll(const std::string &Key, std::vector<TUResult> &Out) {
  std::optional<nlohmann::json> J = entry(Key);
  if (!J || !J->is_array())
    return false;
  std::vector<TUResult> Results(J->size());
  for (size_t I = 0; I < Results.size(); ++I)
    if (!fromJson((*J)[I], Results[I]))
      return false;
  Out = std::move(Results);
  return true;
}

void ResultCache::storeAll(const std::string &Key, const std::vector<TUResult> &Results,
                           const std::vector<Dependency> &Read) {
  nlohmann::json All = nlohmann::json::array();
  for (const TUResult &R : Results)
    All.push_back(toJson(R));
  write(Key, std::move(All), Read);
}

std::string toolIdentity(const char *Argv0) {
  // The running binary: a rebuilt or another LLVM's hostsync-lint starts afresh.
  std::error_code Failed;
  std::filesystem::path Exe = std::filesystem::read_symlink("/proc/self/exe", Failed);
  if (Failed)
    Exe = std::filesystem::absolute(Argv0, Failed);
  std::string Stamp;
  struct stat St;
  if (stat(Exe.c_str(), &St) == 0)
    Stamp = std::to_string(St.st_size) + "/" + std::to_string(St.st_mtim.tv_sec) + "." +
            std::to_string(St.st_mtim.tv_nsec);
  return "hostsync-lint " HOSTSYNC_VERSION " " + Exe.string() + " " + Stamp;
}

} // namespace hostsync
