#include "ci/Shard.h"

#include "cache/ContentHashes.h"

#include "llvm/ADT/StringRef.h"

namespace hostsync {

bool inShard(const std::string &RelativePath, const Shard &S) {
  uint64_t H = 0;
  llvm::StringRef(hashText(RelativePath)).take_front(15).getAsInteger(16, H);
  return H % S.Count == S.Index - 1;
}

} // namespace hostsync
