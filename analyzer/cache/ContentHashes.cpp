#include "cache/ContentHashes.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"

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
  std::string Hash;
  if (auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                                /*RequiresNullTerminator=*/false))
    Hash = hashText(std::string((*Buffer)->getBuffer()));
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
