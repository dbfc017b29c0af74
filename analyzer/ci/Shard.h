// --shard=i/n: a stable share of a project's files, so that n CI jobs each lint one share
// and `hostsync-lint merge` joins their outputs. A file's share is decided by a hash of
// its path relative to --source-root alone: the same on every machine and in every job,
// whatever else the list holds.
#pragma once

#include <string>

namespace hostsync {

struct Shard {
  unsigned Index = 1, Count = 1; // 1-based: 1/1 is every file
};

// Parses "i/n" (1 <= i <= n <= 10000); false for anything else.
bool parseShard(const std::string &Text, Shard &Out);
// Is the file of this relative path in the share?
bool inShard(const std::string &RelativePath, const Shard &S);

} // namespace hostsync
