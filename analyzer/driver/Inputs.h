// Turns the command line's inputs into translation units with compile commands: source
// discovery, the compilation database, and where LibTorch's headers are.
#pragma once

#include "driver/Options.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <memory>
#include <string>
#include <vector>

namespace hostsync {

// Expands files and directories into the C++ files to analyse. Returns "" or a one-line
// error naming the offending path.
std::string collectSources(const std::vector<std::string> &Inputs,
                           std::vector<std::string> &Files);

struct TorchHeaders {
  std::vector<std::string> Flags; // -isystem ...
  std::string Description;        // "/usr/include (Debian libtorch-dev)"
};
// Finds LibTorch's headers: --torch-include, then $Torch_DIR, then Debian's paths.
// Returns "" or a one-line error.
std::string findTorchHeaders(const std::string &UserDir, TorchHeaders &Out);

// Builds the compilation database the options ask for. Files may be filled from the
// database when no inputs were given. Info receives a line to show the user.
std::string makeCompilationDatabase(const Options &Opts, std::vector<std::string> &Files,
                                    std::unique_ptr<clang::tooling::CompilationDatabase> &Db,
                                    std::vector<std::string> &Info);

} // namespace hostsync
