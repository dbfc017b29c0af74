// hostsync-report's reader of the analyzer's results, findings JSON and SARIF 2.1.0 alike
// (report/input/LintFindings.h): any bytes end in a result or a one-line error.
#include "FuzzInput.h"
#include "input/LintFindings.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hostsync::report::Report report;
  std::string error;
  hostsync::report::loadLintResults(hostsync::fuzz::inputFile(data, size, "lint.json"), report,
                                    error);
  return 0;
}
