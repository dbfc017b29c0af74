// Turns a compile command as found (a database written for g++ or nvcc, or the flags
// hostsync-lint made up for a checkout without one) into a command Clang's front end
// accepts for that file, the way clangd does: nvcc's flags translated, flags Clang does
// not know dropped (each named once), the user's --remove-arg / --extra-arg applied, and
// .cu/.cuh files switched to CUDA host-side parsing.
#pragma once

#include "commands/CudaSetup.h"

#include "clang/Tooling/ArgumentsAdjusters.h"

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace hostsync {

struct CommandEdits {
  std::vector<std::string> ExtraArgs, ExtraArgsBefore;
  std::vector<std::string> RemoveArgs; // globs ('*'), matched against whole arguments
  CudaSetup Cuda;
  // Include roots inferred from the tree (-I: -idirafter would make them system headers,
  // whose code is not analysed). Nearest to the file first, so that in a tree of several
  // programs each finds its own "dataset.h".
  std::vector<std::string> InferredRoots;
};

class CommandAdjuster {
public:
  explicit CommandAdjuster(CommandEdits Edits) : Edits(std::move(Edits)) {}
  // Safe to call from several threads at once. CountDropped: the flags dropped are counted
  // for droppedNotes() (false where the same command is adjusted a second time).
  clang::tooling::CommandLineArguments adjust(const clang::tooling::CommandLineArguments &Args,
                                              llvm::StringRef File, bool CountDropped = true);
  // "flag '-fcoroutines' (unknown to Clang) dropped from 12 commands", sorted.
  std::vector<std::string> droppedNotes() const;

private:
  CommandEdits Edits;
  mutable std::mutex Lock;
  std::map<std::string, unsigned> Dropped; // flag -> commands it was dropped from
};

// nvcc's command line as the equivalent Clang one (exposed for the unit test).
clang::tooling::CommandLineArguments
translateNvcc(const clang::tooling::CommandLineArguments &Args);

} // namespace hostsync
