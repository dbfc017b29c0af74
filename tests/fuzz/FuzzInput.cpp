#include "FuzzInput.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

namespace hostsync::fuzz {

namespace {
std::string &directory() {
  static std::string dir;
  return dir;
}

// Removes what inputFile wrote: one file name per target, so the names are known.
std::string &lastFile() {
  static std::string file;
  return file;
}

void removeDirectory() {
  if (!lastFile().empty())
    std::remove(lastFile().c_str());
  rmdir(directory().c_str());
}
} // namespace

std::string inputFile(const uint8_t *data, size_t size, const std::string &name) {
  if (directory().empty()) {
    const char *tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/hostsync-fuzz-XXXXXX";
    if (!mkdtemp(pattern.data()))
      std::abort();
    directory() = pattern;
    std::atexit(removeDirectory);
  }
  std::string path = directory() + "/" + name;
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f || std::fwrite(data, 1, size, f) != size || std::fclose(f) != 0)
    std::abort();
  lastFile() = path;
  return path;
}

} // namespace hostsync::fuzz
