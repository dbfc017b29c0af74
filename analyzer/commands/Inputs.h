// Turns the command line's inputs into translation units with compile commands: source
// discovery, the compilation database, and where LibTorch's headers are.
#pragma once

#include "commands/CudaSetup.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <memory>
#include <string>
#include <vector>

namespace hostsync {

// Expands files and directories into the C++, CUDA and Python files to analyse, each real file once
// (a symlink loop, or a second link to a folder already walked, is skipped with a line in Notes).
// Returns "" or a one-line error naming the offending path.
std::string collectSources(const std::vector<std::string> &Inputs, std::vector<std::string> &Files,
                           std::vector<std::string> &Notes);

// What the command line says of the compilation database (driver/Options.h fills it).
struct DatabaseRequest {
  std::string BuildPath;               // -p: the folder of compile_commands.json; "" for none
  std::string TorchInclude;            // --torch-include
  bool NoInferIncludes = false;        // --no-infer-includes
  std::vector<std::string> Inputs;     // the files and folders named
  std::vector<std::string> FixedFlags; // the flags after "--"
};

// Builds the compilation database the options ask for: the user's, or one made up for a
// checkout as it comes (LibTorch's headers wherever they are, the include roots inferred
// from the tree, the CUDA toolkit's headers). Files may be filled from the database when
// no inputs were given. InferredRoots receives the include roots found in the tree (none
// with a database). Info receives lines to show the user.
std::string makeCompilationDatabase(const DatabaseRequest &Opts, const CudaSetup &Cuda,
                                    std::vector<std::string> &Files,
                                    std::unique_ptr<clang::tooling::CompilationDatabase> &Db,
                                    std::vector<std::string> &InferredRoots,
                                    std::vector<std::string> &Info);

} // namespace hostsync
