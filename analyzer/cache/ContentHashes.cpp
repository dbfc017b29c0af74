#include "cache/ContentHashes.h"

// xxHash (Debian: libxxhash-dev), compiled in: nothing to link, in the wheel's static
// programs too.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <set>

namespace hostsync {

namespace {
std::string hexOf(XXH128_hash_t H) {
  char Out[33];
  std::snprintf(Out, sizeof Out, "%016" PRIx64 "%016" PRIx64, static_cast<uint64_t>(H.high64),
                static_cast<uint64_t>(H.low64));
  return Out;
}

// The hash of a regular file's content and its size, "" when it cannot be read. Mapped:
// only whether the file changed since it was stored matters, so a fast hash over the
// mapping; a result depends on its precompiled header (125 MB for LibTorch's), and copying
// it into a string and taking its MD5 took a third of a small file's cached run.
std::string hashFile(const std::string &Path) {
  int Fd = open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return "";
  std::string Out;
  struct stat St;
  if (fstat(Fd, &St) == 0 && S_ISREG(St.st_mode)) {
    size_t Size = static_cast<size_t>(St.st_size);
    void *Map = Size ? mmap(nullptr, Size, PROT_READ, MAP_PRIVATE, Fd, 0) : nullptr;
    if (Map != MAP_FAILED) {
      char Hex[17];
      std::snprintf(Hex, sizeof Hex, "%016" PRIx64, static_cast<uint64_t>(XXH3_64bits(Map, Size)));
      Out = std::string(Hex) + "-" + std::to_string(Size);
      if (Map)
        munmap(Map, Size);
    }
  }
  close(Fd);
  return Out;
}
} // namespace

std::string hashText(const std::string &Data) {
  return hexOf(XXH3_128bits(Data.data(), Data.size()));
}

std::string hashParts(const std::vector<std::string> &Parts) {
  XXH3_state_t *State = XXH3_createState();
  XXH3_128bits_reset(State);
  for (const std::string &P : Parts) {
    std::string Length = std::to_string(P.size()) + ":";
    XXH3_128bits_update(State, Length.data(), Length.size());
    XXH3_128bits_update(State, P.data(), P.size());
  }
  std::string Out = hexOf(XXH3_128bits_digest(State));
  XXH3_freeState(State);
  return Out;
}

std::string ContentHashes::of(const std::string &Path) {
  {
    std::lock_guard<std::mutex> G(Lock);
    if (auto It = Known.find(Path); It != Known.end())
      return It->second;
  }
  std::string Hash = hashFile(Path);
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
