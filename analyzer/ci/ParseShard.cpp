// --shard's "i/n", read without LLVM: the linter's core parses the command line
// (driver/Options.cpp); which share a file falls in (ci/Shard.cpp) hashes with LLVM's xxhash.
#include "ci/Shard.h"

#include "support/PlainText.h"

#include <string>

namespace hostsync {

bool parseShard(const std::string &Text, Shard &Out) {
  size_t Slash = Text.find('/');
  unsigned Index = 0, Count = 0;
  if (Slash == std::string::npos || !parseDecimal(Text.substr(0, Slash), 10000, Index) ||
      !parseDecimal(Text.substr(Slash + 1), 10000, Count) || Index < 1 || Index > Count)
    return false;
  Out = {Index, Count};
  return true;
}

} // namespace hostsync
