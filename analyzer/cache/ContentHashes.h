// What the caches compare to decide that nothing changed: a hash of each file's content,
// each file read once per run (a LibTorch header that every TU includes is hashed once).
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace hostsync {

// 32 hex digits of the 128-bit xxHash (XXH3) of Data: cache keys, file names and shards,
// not security.
std::string hashText(const std::string &Data);
// The same over several parts, each length-prefixed (so "ab"+"c" is not "a"+"bc").
std::string hashParts(const std::vector<std::string> &Parts);

// A file a result or a precompiled header was built from, with its content's hash.
struct Dependency {
  std::string Path;
  std::string Hash;
};

class ContentHashes {
public:
  // The hash of the file's content, "" when it cannot be read. Safe from several threads.
  std::string of(const std::string &Path);
  // Dependencies for these paths; the ones that cannot be read (in-memory headers such as
  // the CUDA stand-ins, which are part of the binary) are left out.
  std::vector<Dependency> dependencies(const std::vector<std::string> &Paths);
  // Every dependency still has the content it had.
  bool unchanged(const std::vector<Dependency> &Deps);

private:
  std::mutex Lock;
  std::map<std::string, std::string> Known;
};

} // namespace hostsync
