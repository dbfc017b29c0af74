// --shard's "i/n", read without LLVM: the linter's core parses the command line
// (driver/Options.cpp); which share a file falls in (ci/Shard.cpp) hashes with LLVM's xxhash.
#include "ci/Shard.h"

#include <cctype>
#include <string>

namespace hostsync {

namespace {
// A whole decimal number of at most 5 digits (10000 is the most shards).
bool number(const std::string &Text, unsigned &Out) {
  if (Text.empty() || Text.size() > 5)
    return false;
  Out = 0;
  for (char C : Text) {
    if (!std::isdigit(static_cast<unsigned char>(C)))
      return false;
    Out = Out * 10 + static_cast<unsigned>(C - '0');
  }
  return true;
}
} // namespace

bool parseShard(const std::string &Text, Shard &Out) {
  size_t Slash = Text.find('/');
  unsigned Index = 0, Count = 0;
  if (Slash == std::string::npos || !number(Text.substr(0, Slash), Index) ||
      !number(Text.substr(Slash + 1), Count) || Index < 1 || Count > 10000 || Index > Count)
    return false;
  Out = {Index, Count};
  return true;
}

} // namespace hostsync
