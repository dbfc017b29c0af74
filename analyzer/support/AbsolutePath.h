// A path made absolute against the current directory, without "." and "..": how the
// driver names every file and directory it is given ("" is the current directory).
#pragma once

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <string>

namespace hostsync {

inline std::string absolutePath(llvm::StringRef Given) {
  llvm::SmallString<256> Path(Given.empty() ? llvm::StringRef(".") : Given);
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path.str());
}

// The same against Directory (a compile command's) instead of the current directory.
inline std::string absolutePathIn(llvm::StringRef Directory, llvm::StringRef Given) {
  llvm::SmallString<256> Path;
  if (!llvm::sys::path::is_absolute(Given))
    Path = Directory;
  llvm::sys::path::append(Path, Given);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path.str());
}

} // namespace hostsync
