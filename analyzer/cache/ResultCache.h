// The result cache: one translation unit's result (its findings before the project pass,
// and its device facts) stored under a key of everything that decides it, and checked
// against the content of every file it read. The project pass always runs again over all
// TUs' facts, cached or not, so a file's findings still see the facts of files that changed.
//
// Key: the binary (path, size, time: a rebuilt hostsync-lint starts afresh), the file, its
// compile command and directory, the rules enabled for it and the assumed device. An entry
// also lists every file the parse read (the source, its headers, a -include-pch given by
// the user, the precompiled prefix's headers) with the hash of its content; it is used
// only if all still hash the same. One entry per key: an edited file's new result replaces
// the old one. A TU with headers not found lists where each would have been found, as
// files that must still not exist (their hash is the empty one of an unreadable file).
#pragma once

#include "cache/ContentHashes.h"
#include "model/TUResult.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hostsync {

class ResultCache {
public:
  // Dir is created when the first entry is written.
  ResultCache(std::string Dir, ContentHashes &Hashes) : Dir(std::move(Dir)), Hashes(Hashes) {}

  // The key of one TU's result (ToolId: toolIdentity()).
  static std::string keyOf(const std::string &ToolId, const std::string &File,
                           const std::string &Directory, const std::vector<std::string> &Args,
                           const std::vector<std::string> &EnabledRules, int Assume);
  // True with Out filled when an entry exists and none of its files changed.
  bool load(const std::string &Key, TUResult &Out);
  // Stores R (unless it must not be: see above); Read are the files its parse read.
  void store(const std::string &Key, const TUResult &R, const std::vector<Dependency> &Read);
  // The same for several results under one key, stored whether or not they failed (the
  // Python part of a run: python/PythonRun.h).
  bool loadAll(const std::string &Key, std::vector<TUResult> &Out);
  void storeAll(const std::string &Key, const std::vector<TUResult> &Results,
                const std::vector<Dependency> &Read);

  const std::string &dir() const { return Dir; }
  ContentHashes &hashes() { return Hashes; }

private:
  std::string pathOf(const std::string &Key) const;
  // The stored "result" of Key when none of its files changed.
  std::optional<nlohmann::json> entry(const std::string &Key);
  void write(const std::string &Key, nlohmann::json Result, const std::vector<Dependency> &Read);
  std::string Dir;
  ContentHashes &Hashes;
};

// What names this build of hostsync-lint: its version, and its binary's path,
// size and modification time. Argv0 as main() got it.
std::string toolIdentity(const char *Argv0);

} // namespace hostsync
