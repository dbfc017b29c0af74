// Where LibTorch's headers are, when no compile database says: wherever a user has them.
#pragma once

#include <string>
#include <vector>

namespace hostsync {

struct TorchHeaders {
  std::vector<std::string> Flags; // -isystem <root> -isystem <root>/torch/csrc/api/include
  std::string Description;        // "/usr/include (Debian libtorch-dev)"
  std::vector<std::string> Tried; // "CONDA_PREFIX: not set", for the "not found" line
  bool Found = false;
};

// Looks, in order: --torch-include, $Torch_DIR, each prefix of $CMAKE_PREFIX_PATH, the
// `torch` package of python3 (a pip wheel; found without importing it), $CONDA_PREFIX,
// /opt/libtorch, /usr/local/libtorch, /usr/local/include, Debian's /usr/include.
// Then python3's include directory (Python.h), which torch/extension.h needs.
// Returns "" or a one-line error (only for a --torch-include that holds no headers).
std::string findTorchHeaders(const std::string &UserDir, TorchHeaders &Out);

} // namespace hostsync
