// The readers that take a path (every file reader but the gate's and the configuration's)
// get the fuzzer's bytes through a file: one per process, in a directory of its own, so
// that targets run side by side never share one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace hostsync::fuzz {

// Writes the bytes to <per-process directory>/name and returns the file's path; the
// directory is made on the first call and removed by exit(), which libFuzzer's own ending
// (_Exit) skips: scripts/fuzz.sh gives each run a TMPDIR that it removes. Aborts when it
// cannot write: a target that silently read nothing would fuzz nothing.
std::string inputFile(const uint8_t *data, size_t size, const std::string &name);

} // namespace hostsync::fuzz
