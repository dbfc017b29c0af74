// Turns the command line's inputs into translation units with compile commands: source
// discovery, the compilation database, and where LibTorch's headers are.
#pragma once

#include "commands/CudaSetup.h"
#include "driver/Options.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <memory>
#include <string>
#include <vector>

namespace hostsync {

// Expands files and directories into the C++ files to analyse, each real file once (a
// symlink loop, or a second link to a folder already walked, is skipped with a line in
// Notes). Returns "" or a one-line error naming the offending path.
std::string collectSources(const std::vector<std::string> &Inputs, std::vector<std::string> &Files,
                           std::vector<std::string> &Notes);

// Builds the compilation database the options ask for: the user's, or one made up for a
// checkout as it comes (LibTorch's headers wherever they are, the include roots inferred
// from the tree, the CUDA toolkit's headers). Files may be filled from the database when
// no inputs were given. InferredRoots receives the include roots found in the tree (none
// with a database). Info receives lines to show the user.
std::string makeCompilationDatabase(const Options &Opts, const CudaSetup &Cuda,
                                    std::vector<std::string> &Files,
                                    std::unique_ptr<clang::tooling::CompilationDatabase> &Db,
                                    std::vector<std::string> &InferredRoots,
                                    std::vector<std::string> &Info);

} // namespace hostsync
