// The input paths of the command line, checked before any work, so that a wrong one costs
// one line ("findings/: is a folder, not a file (--lint takes a file)", exit 2) and never a
// crash or a report half made. Each error is "PATH: what is wrong".
#pragma once

#include <string>
#include <vector>

namespace hostsync::report {

// --lint, --baseline: a regular file that can be read.
bool checkInputFile(const std::string &path, const std::string &option, std::string &error);

// --trace, each a trace file or a folder of them: the trace files to read, each once. A
// folder's entry named like a trace that is not a file (a folder called trace-1.json) is
// skipped with a warning; a folder left with none is an error.
bool listTraceFiles(const std::vector<std::string> &inputs, std::vector<std::string> &files,
                    std::vector<std::string> &warnings, std::string &error);

// "a folder", "a pipe", ...: what a path that is not a regular file is, for messages.
std::string kindOf(unsigned mode);

} // namespace hostsync::report
