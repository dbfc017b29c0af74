// Temporary files removed when the process is stopped by a signal (SIGINT, SIGTERM, a
// crash), so that an interrupted run leaves no half-written file beside an output. The
// handler removes the files, then gives the signal to whatever handler was there before
// (LLVM's, when the Clang front end installed one), or to the default action.
#pragma once

#include <string>

namespace hostsync {

// Path is removed if a signal stops the process before forgetOnSignal(Path). At most 64
// paths at a time; past that, false (the file is then not covered).
bool removeOnSignal(const std::string &Path);
void forgetOnSignal(const std::string &Path);
// Removes every path registered now (async-signal-safe: for another signal handler).
void removeRegisteredNow();

} // namespace hostsync
