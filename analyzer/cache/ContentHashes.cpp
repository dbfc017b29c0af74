#include "cache/ContentHashes.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <set>

namespace hostsync {

namespace {
std::string hexOf(llvm::MD5 &H) {
  llvm::MD5::MD5Result R;
  H.final(R);
  return std::string(R.digest().str());
}
} // namespace

std::string hashText(const std::string &Data) {
  llvm::MD5 H;
  H.update(Data);
  return hexOf(H);
}

std::string hashParts(const std::vector<std::string> &Parts) {
  llvm::MD5 H;
  for (const std::string &P : Parts) {
    H.update(std::to_string(P.size()) + ":");
    H.update(P);
  }
  return hexOf(H);
}

std::string ContentHashes::of(const std::string &Path) {
  {
    std::lock_guard<std::mutex> G(Lock);
    if (auto It = Known.find(Path); It != Known.end())
      return It->second;
  }
  // A file's hash only tells whether it changed since it was stored, so a fast one over the
  // mapped file: a result depends on its precompiled header (125 MB for LibTorch's), and
  // copying it into a string and taking its MD5 took a third of a small file's cached run.
  std::string Hash;
  if (auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                                /*RequiresNullTerminator=*/false))
    Hash = llvm::utohexstr(llvm::xxHash64((*Buffer)->getBuffer()), /*LowerCase=*/true, 16) + "-" +
           std::to_string((*Buffer)->getBufferSize());
  std::lock_guard<std::mutex> G(Lock);
  return Known.emplace(Path, Hash).first->second;
}

std::vector<Dependency> ContentHashes::dependencies(const std::vector<std::string> &Paths) {
  std::vector<Dependency> Out;
  std::set<std::string> Seen;
  for (const std::string &P : Paths)
    if (Seen.insert(P).second)
      if (std::string H = of(P); !H.empty())
        Out.push_back({P, H});
  return Out;
}

bool ContentHashes::unchanged(const std::vector<Dependency> &Deps) {
  for (const Dependency &D : Deps)
    if (of(D.Path) != D.Hash)
      return false;
  return true;
}

} // namespace hostsync
