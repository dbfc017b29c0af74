// hostsync-lint's strict compile_commands.json reader (analyzer/commands/CompileDatabase.h),
// which hands what it checked to Clang's own loader: any bytes end in a database or a
// one-line error.
#include "FuzzInput.h"
#include "commands/CompileDatabase.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hostsync::CompileDatabase db;
  std::string error;
  hostsync::loadCompileDatabase(hostsync::fuzz::inputFile(data, size, "compile_commands.json"), db,
                                error);
  return 0;
}
