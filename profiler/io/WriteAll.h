// The write loop of every file writer here: write(2) may take part of a buffer (a signal, a
// pipe, a nearly full disk) or be interrupted before writing anything.
#pragma once

#include <cstddef>

namespace hostsync::trace {

// Writes all size bytes to fd, retrying partial writes and EINTR. False with errno set on
// failure (ENOSPC for a full disk; EIO where write made no progress and gave no reason).
bool writeAll(int fd, const char *data, size_t size);

} // namespace hostsync::trace
