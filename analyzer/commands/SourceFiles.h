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
// A Python source: a .py file, or a regular file without an extension whose first line is a
// shebang naming Python (`#!/usr/bin/env python3`: a project's `train`, run as a program; a
// folder's are taken when executable).
bool pythonSource(const std::string &Path);

std::string collectSources(const std::vector<std::string> &Inputs, std::vector<std::string> &Files,
                           std::vector<std::string> &Notes);

} // namespace hostsync
