#include "ci/Shard.h"

#include "cache/ContentHashes.h"

#include "llvm/ADT/StringRef.h"

namespace hostsync {

bool parseShard(const std::string &Text, Shard &Out) {
  auto [I, N] = llvm::StringRef(Text).split('/');
  unsigned Index = 0, Count = 0;
  if (I.getAsInteger(10, Index) || N.getAsInteger(10, Count) || Index < 1 || Count > 10000 ||
      Index > Count)
    return false;
  Out = {Index, Count};
  return true;
}

bool inShard(const std::string &RelativePath, const Shard &S) {
  uint64_t H = 0;
  llvm::StringRef(hashText(RelativePath)).take_front(15).getAsInteger(16, H);
  return H % S.Count == S.Index - 1;
}

} // namespace hostsync
