// The symbolizer's one in-process ELF reader: the build-id of a module file
// (profiler/elf/ProcessModules.h), which decides whether a binary is the one that was traced.
// Everything else the symbolizer learns from ELF/DWARF comes from binutils' addr2line.
#include "FuzzInput.h"
#include "elf/ProcessModules.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string id = hostsync::trace::buildIdOfFile(hostsync::fuzz::inputFile(data, size, "module"));
  // Two hex digits per byte of a note that lies inside the file.
  if (id.size() % 2 != 0 || id.size() > 2 * size)
    std::abort();
  return 0;
}
