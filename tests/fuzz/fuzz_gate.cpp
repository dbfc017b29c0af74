// The --fail-if grammar (report/gates/GateParser.h) on any bytes. A text that is not a gate
// is an error, which is fine; what the parser accepts must keep its documented promises.
#include "gates/GateParser.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hostsync::report::Gate gate;
  std::string error;
  std::string text(reinterpret_cast<const char *>(data), size);
  if (!hostsync::report::parseGate(text, gate, error))
    return 0;
  // An accepted gate has a clause, each with a comparison, each against a finite number
  // (a NaN would make every comparison false and the gate never trip).
  if (gate.clauses.empty())
    std::abort();
  for (const auto &clause : gate.clauses) {
    if (clause.empty())
      std::abort();
    for (const auto &c : clause)
      if (!std::isfinite(c.value))
        std::abort();
  }
  return 0;
}
