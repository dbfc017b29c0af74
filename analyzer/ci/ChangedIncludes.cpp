#include "ci/ChangedIncludes.h"

#include "support/AbsolutePath.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace hostsync {

namespace {

// Dir/Name, absolute, when that is a file, else "".
std::string existing(const std::string &Dir, const std::string &Name) {
  std::string P = absolutePathIn(absolutePath(Dir), Name);
  return llvm::sys::fs::is_regular_file(P) ? P : "";
}

} // namespace

ChangedIncludes::ChangedIncludes(const ChangedLines &Changed) {
  for (const auto &Entry : Changed) {
    ChangedPaths.insert(absolutePath(Entry.first));
    ChangedNames.insert(llvm::sys::path::filename(Entry.first).str());
  }
}

const std::vector<IncludeLine> &ChangedIncludes::includesOf(const std::string &File) {
  auto It = Scanned.find(File);
  if (It == Scanned.end())
    It = Scanned.emplace(File, includeLinesOf(File)).first;
  return It->second;
}

bool ChangedIncludes::reaches(const std::string &File,
                              const std::vector<std::string> &IncludeDirs) {
  std::set<std::string> Seen = {absolutePath(File)};
  std::vector<std::string> Todo(Seen.begin(), Seen.end());
  while (!Todo.empty()) {
    std::string Current = Todo.back();
    Todo.pop_back();
    std::string Dir = llvm::sys::path::parent_path(Current).str();
    for (const IncludeLine &I : includesOf(Current)) {
      std::string Found = I.Quoted ? existing(Dir, I.Name) : "";
      for (size_t D = 0; Found.empty() && D < IncludeDirs.size(); ++D)
        Found = existing(IncludeDirs[D], I.Name);
      if (Found.empty() ? ChangedNames.count(llvm::sys::path::filename(I.Name).str()) > 0
                        : ChangedPaths.count(Found) > 0)
        return true;
      if (!Found.empty() && Seen.insert(Found).second)
        Todo.push_back(Found);
    }
  }
  return false;
}

} // namespace hostsync
