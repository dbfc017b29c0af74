#include "commands/IncludeRoots.h"

#include "compat/LLVMCompat.h"
#include "support/AbsolutePath.h"
#include "commands/IncludeLines.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <set>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hostsync {

namespace {
constexpr unsigned MaxFiles = 50000; // a monorepo's worth; beyond it, stop scanning

bool isCode(llvm::StringRef Name) {
  return compat::isOneOf(path::extension(Name),
                         {".h", ".hpp", ".hh", ".hxx", ".h++", ".inl", ".cuh", ".cpp", ".cc",
                          ".cxx", ".c++", ".C", ".cu", ".c", ".ipp", ".tcc"});
}

} // namespace

std::vector<std::string> treesOf(const std::vector<std::string> &Inputs) {
  std::set<std::string> Trees;
  for (const std::string &In : Inputs) {
    std::string Abs = absolutePath(In);
    if (fs::is_directory(Abs)) {
      Trees.insert(Abs);
      continue;
    }
    std::string Tree = path::parent_path(Abs).str();
    // A std::string: a SmallString assigned its own parent_path() would copy from its own
    // buffer (LLVM's asserts reject it).
    for (std::string D = Tree; !D.empty(); D = path::parent_path(D).str()) {
      if (fs::exists(D + "/.git")) {
        Tree = D;
        break;
      }
      if (path::parent_path(D) == D)
        break;
    }
    Trees.insert(Tree);
  }
  return {Trees.begin(), Trees.end()};
}

IncludeRoots inferIncludeRoots(const std::vector<std::string> &Trees,
                               const std::vector<std::string> &KnownDirs) {
  IncludeRoots R;
  std::vector<std::string> Files;
  llvm::StringMap<std::vector<std::string>> ByName; // file name -> paths
  std::map<std::string, unsigned> Votes;
  std::vector<std::string> IncludeDirs;
  std::set<std::string> Seen;
  for (const std::string &Tree : Trees) {
    std::error_code EC;
    // Links are not followed: a link to a folder outside the tree (a vendored SDK, a
    // symlinked LibTorch) is not the project's, and a link up the tree would loop.
    for (fs::recursive_directory_iterator It(Tree, EC, /*follow_symlinks=*/false), End;
         It != End && !EC && Files.size() < MaxFiles; It.increment(EC)) {
      llvm::StringRef Name = path::filename(It->path());
      if (It->type() == fs::file_type::directory_file) {
        if (compat::startsWith(Name, "."))
          It.no_push(); // .git, .cache
        else if (fs::exists(It->path() + "/CMakeCache.txt"))
          It.no_push(); // a CMake build folder: generated files and copies, not the project's
        else if (Name == "include")
          IncludeDirs.push_back(It->path());
        continue;
      }
      if (It->type() != fs::file_type::regular_file || !isCode(Name) ||
          !Seen.insert(It->path()).second)
        continue;
      Files.push_back(It->path());
      ByName[Name].push_back(It->path());
    }
  }
  R.FilesScanned = static_cast<unsigned>(Files.size());
  // An include/ folder is a root when it holds code of the tree's own (not only links).
  for (const std::string &Dir : IncludeDirs)
    if (std::any_of(Files.begin(), Files.end(),
                    [&](const std::string &F) { return compat::startsWith(F, Dir + "/"); }))
      Votes[Dir] += 1;
  for (const std::string &File : Files) {
    llvm::StringRef Dir = path::parent_path(File);
    for (const IncludeLine &Line : includeLinesOf(File)) {
      const std::string &Inc = Line.Name;
      if (fs::exists(Dir + "/" + Inc))
        continue; // resolves next to the includer
      if (std::any_of(KnownDirs.begin(), KnownDirs.end(),
                      [&](const std::string &K) { return fs::exists(K + "/" + Inc); }))
        continue; // LibTorch's, the toolkit's or the system's: not the project's to give
      auto It = ByName.find(path::filename(Inc));
      if (It == ByName.end())
        continue;
      for (const std::string &Candidate : It->second)
        if (compat::endsWith(Candidate, "/" + Inc))
          Votes[Candidate.substr(0, Candidate.size() - Inc.size() - 1)] += 1;
    }
  }
  std::vector<std::pair<unsigned, std::string>> Ranked;
  for (const auto &[Dir, N] : Votes)
    Ranked.push_back({N, Dir});
  std::stable_sort(Ranked.begin(), Ranked.end(),
                   [](const auto &A, const auto &B) { return A.first > B.first; });
  for (const auto &[N, Dir] : Ranked)
    R.Dirs.push_back(Dir);
  return R;
}

} // namespace hostsync
