// hostsync-lint's baseline reader (analyzer/ci/Baseline.h): any bytes end in a set of
// accepted findings or a one-line error.
#include "FuzzInput.h"
#include "ci/Baseline.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hostsync::Baseline baseline;
  std::string error;
  hostsync::readBaseline(hostsync::fuzz::inputFile(data, size, "baseline.json"), baseline, error);
  return 0;
}
