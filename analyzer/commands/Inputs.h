// Turns the command line's inputs into translation units with compile commands: the
// compilation database and where LibTorch's headers are (source discovery:
// commands/SourceFiles, in the linter's core).
#pragma once

#include "commands/CudaSetup.h"
#include "commands/SourceFiles.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <memory>
#include <string>
#include <vector>

namespace hostsync {

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
