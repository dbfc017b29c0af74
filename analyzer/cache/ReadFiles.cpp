#include "cache/ReadFiles.h"

#include "driver/AbsolutePath.h"

namespace hostsync {

std::string ReadFiles::absolute(llvm::StringRef Filename) const {
  return absolutePathIn(Directory, Filename);
}

bool ReadFiles::sawDependency(llvm::StringRef Filename, bool FromModule, bool IsSystem,
                              bool IsModuleFile, bool IsMissing) {
  if (!IsSystem && !IsMissing && Filename != "<built-in>" && absolute(Filename) != absolute(Main))
    ProjectHeader = true;
  return DependencyCollector::sawDependency(Filename, FromModule, IsSystem, IsModuleFile,
                                            IsMissing);
}

std::vector<std::string> ReadFiles::paths() const {
  std::vector<std::string> Out;
  for (const std::string &D : getDependencies())
    Out.push_back(absolute(D));
  return Out;
}

} // namespace hostsync
