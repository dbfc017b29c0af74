#include "cache/ReadFiles.h"

#include "support/AbsolutePath.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <set>

namespace hostsync {

std::string ReadFiles::absolute(llvm::StringRef Filename) const {
  return absolutePathIn(Directory, Filename);
}

bool ReadFiles::sawDependency(llvm::StringRef Filename, bool FromModule, bool IsSystem,
                              bool IsModuleFile, bool IsMissing) {
  if (IsMissing) {
    Missing.push_back(Filename.str());
    return false;
  }
  if (!IsSystem && Filename != "<built-in>" && absolute(Filename) != absolute(Main))
    ProjectHeader = true;
  return DependencyCollector::sawDependency(Filename, FromModule, IsSystem, IsModuleFile,
                                            IsMissing);
}

std::vector<std::string> ReadFiles::placesOfMissing(const std::vector<std::string> &Args) const {
  if (Missing.empty())
    return {};
  std::set<std::string> Dirs = {"/usr/include", "/usr/local/include"};
  for (const std::string &P : paths())
    Dirs.insert(std::string(llvm::sys::path::parent_path(P)));
  for (size_t I = 0; I + 1 < Args.size(); ++I)
    for (llvm::StringRef Flag : {"-I", "-isystem", "-iquote", "-idirafter"}) {
      llvm::StringRef A(Args[I]);
      if (A == Flag)
        Dirs.insert(absolute(Args[I + 1]));
      else if (A.size() > Flag.size() && A.substr(0, Flag.size()) == Flag && Flag == "-I")
        Dirs.insert(absolute(A.drop_front(2)));
    }
  // A place where such a file exists now was not searched (the header is missing all the
  // same): an angle-bracket include does not look beside its includer, and LibTorch's
  // python_headers.h asks for Python's <structseq.h> from a folder that holds LibTorch's own
  // structseq.h. Kept, such a place would make the result stale from the start.
  std::vector<std::string> Out;
  for (const std::string &Name : Missing)
    for (const std::string &D : Dirs)
      if (std::string Place = absolutePathIn(D, Name); !llvm::sys::fs::exists(Place))
        Out.push_back(Place);
  return Out;
}

std::vector<std::string> ReadFiles::paths() const {
  std::vector<std::string> Out;
  for (const std::string &D : getDependencies())
    Out.push_back(absolute(D));
  return Out;
}

} // namespace hostsync
