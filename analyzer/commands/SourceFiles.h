// The files a run analyses, from the files and folders named on its command line: each
// folder searched for C++, CUDA and Python sources, each real file taken once. No LLVM (the
// linter's core: a Python-only run needs nothing of Clang to find its files).
#pragma once

#include <string>
#include <vector>

namespace hostsync {

// Expands files and directories into the C++, CUDA and Python files to analyse, each real file once
// (a symlink loop, or a second link to a folder already walked, is skipped with a line in Notes).
// Returns "" or a one-line error naming the offending path.
std::string collectSources(const std::vector<std::string> &Inputs, std::vector<std::string> &Files,
                           std::vector<std::string> &Notes);

} // namespace hostsync
