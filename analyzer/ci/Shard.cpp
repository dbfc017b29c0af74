#include "ci/Shard.h"

#include "cache/ContentHashes.h"

#include <cstdlib>

namespace hostsync {

bool inShard(const std::string &RelativePath, const Shard &S) {
  uint64_t H = std::strtoull(hashText(RelativePath).substr(0, 15).c_str(), nullptr, 16);
  return H % S.Count == S.Index - 1;
}

} // namespace hostsync
