// A path made absolute against the current directory, without "." and "..": how the
// driver names every file and directory it is given ("" is the current directory). Plain
// POSIX and the standard library (no LLVM): the Python front end's core names files so too.
#pragma once

#include <string>
#include <string_view>

namespace hostsync {

// The current directory as the shell names it: $PWD when it is this directory (a path
// through a symbolic link stays as the user typed it, as compilers name files), else the
// resolved one.
std::string currentDirectory();

// Path without "." and "..", separators single, no trailing "/" (the root stays "/"). A ".."
// above the root is dropped; in a relative path, a leading ".." is kept.
std::string withoutDots(std::string_view Path);

inline std::string absolutePathIn(std::string_view Directory, std::string_view Given) {
  if (Directory.empty() || (!Given.empty() && Given.front() == '/'))
    return withoutDots(Given);
  return withoutDots(std::string(Directory) + "/" + std::string(Given));
}

inline std::string absolutePath(std::string_view Given) {
  return absolutePathIn(currentDirectory(), Given.empty() ? std::string_view(".") : Given);
}

} // namespace hostsync
