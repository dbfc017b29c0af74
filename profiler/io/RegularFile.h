// Files a trace names (the program's sources, its binaries) are the recording machine's
// word, not the user's: on this machine such a path may be a FIFO, whose open() waits for a
// writer forever, or a device such as /dev/zero, which never ends. They are read only when
// they are regular files, and only as many bytes as the file had when it was opened.
#pragma once

#include <cstdint>
#include <string>

namespace hostsync::trace {

// Is path (symbolic links followed) a regular file?
bool isRegularFile(const std::string &path);

// Opens path for reading without blocking, when it is a regular file: its descriptor (the
// caller closes it) and size then, or -1 (not there, not readable, not a regular file).
int openRegularFile(const std::string &path, uint64_t &size);

} // namespace hostsync::trace
