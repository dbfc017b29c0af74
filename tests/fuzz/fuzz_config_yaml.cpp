// hostsync-lint's .hostsync.yaml reader (analyzer/config/Config.h), a pure function of the
// text, and --dump-config on what it accepted.
#include "config/Config.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hostsync::LintConfig config;
  std::string error;
  std::string text(reinterpret_cast<const char *>(data), size);
  if (hostsync::parseConfig("fuzz/.hostsync.yaml", text, config, error))
    hostsync::dumpConfig(config);
  return 0;
}
