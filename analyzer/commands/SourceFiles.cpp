#include "commands/SourceFiles.h"

#include "core/InputFiles.h"
#include "support/AbsolutePath.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string_view>

namespace hostsync {

namespace fs = std::filesystem;

namespace {
bool oneOf(const std::string &Ext, std::initializer_list<const char *> Exts) {
  return std::any_of(Exts.begin(), Exts.end(), [&](const char *E) { return Ext == E; });
}
bool isSourceExt(const std::string &Ext) {
  // .py: the Python front end's (hostsync-lint lints those files itself: driver/LintMain.cpp).
  return oneOf(Ext, {".cpp", ".cc", ".cxx", ".c++", ".C", ".cp", ".cu", ".py"});
}
bool isHeaderExt(const std::string &Ext) {
  return oneOf(Ext, {".h", ".hpp", ".hh", ".hxx", ".h++", ".inl", ".cuh"});
}
// A script's mode (a folder's LICENSE and Makefile are not opened to look for a shebang).
bool executable(const fs::file_status &St) {
  return (St.permissions() & (fs::perms::owner_exec | fs::perms::group_exec |
                              fs::perms::others_exec)) != fs::perms::none;
}
// The real path (links followed), or P itself when it has none.
std::string realPath(const fs::path &P) {
  std::error_code E;
  fs::path Real = fs::canonical(P, E);
  return E ? P.string() : Real.string();
}
} // namespace

bool pythonSource(const std::string &Path) {
  fs::path P(Path);
  if (P.extension() == ".py")
    return true;
  std::error_code E;
  if (P.has_extension() || !fs::is_regular_file(P, E)) // not a pipe's endless read
    return false;
  std::ifstream In(Path, std::ios::binary);
  char Head[128] = {};
  In.read(Head, sizeof(Head) - 1);
  std::string_view First(Head, static_cast<size_t>(In.gcount()));
  First = First.substr(0, First.find('\n'));
  return First.substr(0, 2) == "#!" && First.find("python") != std::string_view::npos;
}

std::string collectSources(const std::vector<std::string> &Inputs, std::vector<std::string> &Files,
                           std::vector<std::string> &Notes) {
  // Real paths walked and taken: a symlink loop (src/up -> ..) or a second link to a folder
  // or file already seen is walked, and analysed, once.
  std::set<std::string> WalkedDirs, TakenFiles;
  for (const std::string &In : Inputs) {
    std::error_code E;
    fs::file_status St = fs::status(In, E);
    if (E || !fs::exists(St))
      return In + ": no such file or directory";
    if (fs::is_directory(St)) {
      std::vector<std::string> Found;
      WalkedDirs.insert(realPath(In));
      fs::recursive_directory_iterator It(In, fs::directory_options::follow_directory_symlink, E),
          End;
      for (; !E && It != End; It.increment(E)) {
        std::string Name = It->path().filename().string();
        std::error_code Broken;
        fs::file_status Target = fs::status(It->path(), Broken); // through symlinks
        if (Broken || !fs::exists(Target))
          continue; // a dangling link
        if (fs::is_directory(Target)) {
          if (!Name.empty() && Name[0] == '.') {
            It.disable_recursion_pending(); // .git, .cache
          } else if (std::string Real = realPath(It->path()); !WalkedDirs.insert(Real).second) {
            It.disable_recursion_pending();
            Notes.push_back(It->path().string() + ": skipped, the same folder as " + Real +
                            " (walked once)");
          }
          continue;
        }
        if (fs::is_regular_file(Target) &&
            (isSourceExt(It->path().extension().string()) ||
             (!It->path().has_extension() && executable(Target) &&
              pythonSource(It->path().string()))) &&
            TakenFiles.insert(realPath(It->path())).second)
          Found.push_back(absolutePath(It->path().string()));
      }
      if (E)
        return In + ": cannot read directory: " + E.message();
      if (Found.empty())
        return In + ": no C++, CUDA or Python source files (.cpp, .cc, .cxx, .cu, .py) in this "
                    "directory";
      std::sort(Found.begin(), Found.end());
      Files.insert(Files.end(), Found.begin(), Found.end());
      continue;
    }
    std::string Ext = fs::path(In).extension().string();
    if (!isSourceExt(Ext) && !isHeaderExt(Ext) && !pythonSource(In))
      return In + ": not a C++, CUDA or Python source or header (expected .cpp, .cc, .cxx, .cu, "
                  ".py, .h, .hpp, .cuh...)";
    if (std::string Why; !checkReadableFile(In, Why)) // a pipe, a device, no permission
      return Why;
    if (TakenFiles.insert(realPath(In)).second)
      Files.push_back(absolutePath(In));
  }
  std::sort(Files.begin(), Files.end());
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return "";
}

} // namespace hostsync
