// Replaces a file whole or not at all: the content goes to a temporary file beside it (same
// directory, so same file system), is flushed to disk, and is renamed over the path only when
// complete. A reader, an interrupted write or a full disk never leaves a truncated file, and
// on failure the earlier file is as it was. Used by every writer of hostsync's outputs that has
// no LLVM (the tracer, `hostsync-trace symbolize`, hostsync-report); hostsync-lint has its
// LLVM-based twin in analyzer/driver/OutputFile.
#pragma once

#include <string>

namespace hostsync::trace {

// False with the reason in error ("Permission denied", "Is a directory", "No space left on
// device", "not a regular file": a pipe or a device is never replaced); the temporary file is
// then removed. The file keeps the mode of the one it
// replaces (a new one gets 0666 less the umask, as with open()).
bool writeFileAtomically(const std::string &path, const std::string &content, std::string &error);
bool writeFileAtomically(const std::string &path, const std::string &content);

// For a tool's main (hostsync-report, `hostsync-trace symbolize`), never for the traced
// process (its signals are the program's): SIGINT, SIGTERM and SIGHUP during a
// writeFileAtomically remove its temporary file, then end the process by that signal as
// before (exit 130, 143, 129 in a shell). The earlier file is untouched either way.
void removeTemporaryFilesOnSignal();

// The temporary names writeFileAtomically uses for path start with this, so that directory
// listings can leave them out ("trace-1.json" -> "trace-1.json.tmp-").
std::string temporaryPrefixFor(const std::string &path);

// The folder that holds path ("." for a bare name, "/" at the root; trailing slashes of a
// folder path ignored): where the temporary goes, and what must exist to create path.
std::string parentDirectory(const std::string &path);

} // namespace hostsync::trace
