// Collects the files a parse reads (the source, every header, system ones too), made
// absolute against the compile command's directory: what a cached result or a
// precompiled header depends on.
#pragma once

#include "clang/Frontend/Utils.h"

#include <string>
#include <vector>

namespace hostsync {

class ReadFiles : public clang::DependencyCollector {
public:
  // Main: the file the parse starts from; Directory: the compile command's.
  ReadFiles(std::string Main, std::string Directory)
      : Main(std::move(Main)), Directory(std::move(Directory)) {}
  bool needSystemDependencies() override { return true; }
  bool sawDependency(llvm::StringRef Filename, bool FromModule, bool IsSystem, bool IsModuleFile,
                     bool IsMissing) override;
  // Every file read, absolute.
  std::vector<std::string> paths() const;
  // Where the headers not found would have been found, had they existed: each name under
  // every directory a header was read from, every include directory of Args, and the
  // default system ones, less the places where such a file exists already (they were not
  // searched). A result stays valid while none of these exists.
  std::vector<std::string> placesOfMissing(const std::vector<std::string> &Args) const;
  // A header outside the system include directories was read (not Main itself).
  bool readProjectHeader() const { return ProjectHeader; }
  // A path as the parse names it, made absolute against the command's directory.
  std::string absolute(llvm::StringRef Filename) const;

private:
  std::string Main, Directory;
  bool ProjectHeader = false;
  std::vector<std::string> Missing; // as the #include spelled them
};

} // namespace hostsync
