// The output folder (-o), checked before any work and created only when the report is
// written: a folder that exists or can be created, where each output can be replaced, and
// where no output is one of the inputs. Each error is "PATH: what is wrong".
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace hostsync::report {

// names: the files the report writes in dir; inputs: (path, option) of every file read.
bool checkOutputDir(const std::string &dir, const std::vector<std::string> &names,
                    const std::vector<std::pair<std::string, std::string>> &inputs,
                    std::string &error);

// dir and its missing parents (mkdir -p).
bool makeOutputDir(const std::string &dir, std::string &error);

} // namespace hostsync::report
