// A checkout's include roots, inferred when there is no compile database: each
// #include "a/b.h" (or <a/b.h>) that does not resolve next to the including file is matched
// to the files of the tree whose path ends with /a/b.h, and the directory above that is
// a root; so are the tree's include/ folders.
#pragma once

#include <string>
#include <vector>

namespace hostsync {

struct IncludeRoots {
  std::vector<std::string> Dirs; // most-used first
  unsigned FilesScanned = 0;
};

// Trees are the input directories, and for input files the enclosing repository (the
// nearest folder above with .git) or their own folder.
std::vector<std::string> treesOf(const std::vector<std::string> &Inputs);
// Includes that resolve in one of KnownDirs (LibTorch's, the CUDA toolkit's, the system's
// include directories) give no root.
IncludeRoots inferIncludeRoots(const std::vector<std::string> &Trees,
                               const std::vector<std::string> &KnownDirs);

} // namespace hostsync
