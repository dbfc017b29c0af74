// How .cu and .cuh files are parsed: with Clang's CUDA front end, host side only, using a
// CUDA toolkit's headers when one is installed that this Clang can read, otherwise with
// hostsync's stand-in header (analyzer/cuda-shim/), served from memory.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <string>
#include <vector>

namespace hostsync {

struct CudaSetup {
  std::string FoundDir;    // a toolkit, whichever its version: its headers serve C++ files
  std::string ToolkitDir;  // a toolkit this Clang's CUDA mode reads; "": the stand-in
  std::string Description; // one line for the user
  // The flags that make a file's command line parse it as CUDA host code.
  std::vector<std::string> cudaFlags() const;
  // Flags for every file: the stand-in answers #include <cuda_runtime.h> and friends where
  // no real header was found first.
  std::vector<std::string> fallbackFlags() const;
};

// Looks in $CUDA_HOME, $CUDA_PATH, /usr/local/cuda, and Debian's nvidia-cuda-toolkit
// (/usr/lib/cuda); a toolkit newer than this Clang supports is named but not used.
CudaSetup findCuda();

bool isCudaFile(llvm::StringRef Path); // .cu, .cuh

// Adds the stand-in headers (under the toolkit headers' names) to an in-memory file system.
void addCudaShim(llvm::vfs::InMemoryFileSystem &FS);

} // namespace hostsync
