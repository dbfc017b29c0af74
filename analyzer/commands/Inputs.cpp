#include "commands/Inputs.h"

#include "commands/CompileDatabase.h"
#include "compat/LLVMCompat.h"
#include "core/InputFiles.h"
#include "support/AbsolutePath.h"
#include "commands/IncludeRoots.h"
#include "commands/TorchHeaders.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hostsync {

namespace {
bool isSourceExt(llvm::StringRef Ext) {
  // .py: the Python front end's (driver/main.cpp hands those files to it).
  return compat::isOneOf(Ext, {".cpp", ".cc", ".cxx", ".c++", ".C", ".cp", ".cu", ".py"});
}
bool isHeaderExt(llvm::StringRef Ext) {
  return compat::isOneOf(Ext, {".h", ".hpp", ".hh", ".hxx", ".h++", ".inl", ".cuh"});
}
bool exists(const std::string &P) { return fs::exists(P); }
} // namespace

std::string collectSources(const std::vector<std::string> &Inputs, std::vector<std::string> &Files,
                           std::vector<std::string> &Notes) {
  // Real paths walked and taken: a symlink loop (src/up -> ..) or a second link to a folder
  // or file already seen is walked, and analysed, once.
  llvm::StringSet<> WalkedDirs, TakenFiles;
  auto RealPath = [](const std::string &P) {
    llvm::SmallString<256> Real;
    return fs::real_path(P, Real) ? P : std::string(Real);
  };
  for (const std::string &In : Inputs) {
    fs::file_status St;
    if (fs::status(In, St) || !fs::exists(St))
      return In + ": no such file or directory";
    if (fs::is_directory(St)) {
      std::vector<std::string> Found;
      std::error_code EC;
      WalkedDirs.insert(RealPath(In));
      for (fs::recursive_directory_iterator It(In, EC), End; It != End && !EC; It.increment(EC)) {
        llvm::StringRef Name = path::filename(It->path());
        fs::file_status Target; // through symlinks
        if (fs::status(It->path(), Target))
          continue; // a dangling link
        if (fs::is_directory(Target)) {
          if (compat::startsWith(Name, ".")) {
            It.no_push(); // .git, .cache
          } else if (std::string Real = RealPath(It->path()); !WalkedDirs.insert(Real).second) {
            It.no_push();
            Notes.push_back(It->path() + ": skipped, the same folder as " + Real +
                            " (walked once)");
          }
          continue;
        }
        if (fs::is_regular_file(Target) && isSourceExt(path::extension(It->path())) &&
            TakenFiles.insert(RealPath(It->path())).second)
          Found.push_back(absolutePath(It->path()));
      }
      if (EC)
        return In + ": cannot read directory: " + EC.message();
      if (Found.empty())
        return In + ": no C++, CUDA or Python source files (.cpp, .cc, .cxx, .cu, .py) in this "
                    "directory";
      std::sort(Found.begin(), Found.end());
      Files.insert(Files.end(), Found.begin(), Found.end());
      continue;
    }
    llvm::StringRef Ext = path::extension(In);
    if (!isSourceExt(Ext) && !isHeaderExt(Ext))
      return In + ": not a C++, CUDA or Python source or header (expected .cpp, .cc, .cxx, .cu, "
                  ".py, .h, .hpp, .cuh...)";
    if (std::string E; !checkReadableFile(In, E)) // a pipe, a device, no permission
      return E;
    if (TakenFiles.insert(RealPath(In)).second)
      Files.push_back(absolutePath(In));
  }
  std::sort(Files.begin(), Files.end());
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return "";
}

namespace {
// "a, b, c and 2 more"
std::string joinFirst(const std::vector<std::string> &Items, size_t N) {
  std::string Out;
  for (size_t I = 0; I < Items.size() && I < N; ++I)
    Out += (I ? ", " : "") + Items[I];
  if (Items.size() > N)
    Out += " and " + std::to_string(Items.size() - N) + " more";
  return Out;
}
} // namespace

std::string makeCompilationDatabase(const DatabaseRequest &Request, const CudaSetup &Cuda,
                                    std::vector<std::string> &Files,
                                    std::unique_ptr<clang::tooling::CompilationDatabase> &Db,
                                    std::vector<std::string> &InferredRoots,
                                    std::vector<std::string> &Info) {
  using namespace clang::tooling;
  if (!Request.BuildPath.empty()) {
    std::string DbFile = Request.BuildPath + "/compile_commands.json";
    if (!fs::is_directory(Request.BuildPath))
      return Request.BuildPath + ": -p needs the build folder holding compile_commands.json";
    if (!exists(DbFile))
      return DbFile + ": no such file (run cmake with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)";
    CompileDatabase Loaded;
    std::string Error;
    if (!loadCompileDatabase(DbFile, Loaded, Error))
      return Error;
    if (Files.empty()) { // every file it lists, each of which must be there
      if (!Loaded.Missing.empty())
        return Loaded.Missing.front() +
               (Loaded.Missing.size() > 1
                    ? " (and " + std::to_string(Loaded.Missing.size() - 1) + " more)"
                    : "") +
               "; build the project first, or name the files to lint";
      Files = Loaded.Files;
      std::sort(Files.begin(), Files.end());
      Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
    }
    std::unique_ptr<CompilationDatabase> Json = std::move(Loaded.Db);
    Db = inferMissingCompileCommands(std::move(Json));
    Info.push_back("using compile commands from " + DbFile);
    return "";
  }
  TorchHeaders Torch;
  if (std::string E = findTorchHeaders(Request.TorchInclude, Torch); !E.empty())
    return E;
  // <optional> is included by every LibTorch header from 2.1 on (c10::optional became
  // std::optional), so code written for it uses std::optional without including it; with
  // older headers (Debian's 1.13) that would leave each such declaration invalid.
  std::vector<std::string> Flags = {"-xc++", "-std=c++17", "-include", "optional"};
  // No database: the project's own include roots, as a build would have given them. Only
  // includes that nothing else provides make a root.
  if (!Request.NoInferIncludes) {
    std::vector<std::string> Known = {"/usr/include", "/usr/local/include"};
    for (const std::string &F : Torch.Flags)
      Known.push_back(F.substr(strlen("-isystem")));
    if (!Cuda.FoundDir.empty())
      Known.push_back(Cuda.FoundDir + "/include");
    IncludeRoots Roots = inferIncludeRoots(treesOf(Request.Inputs), Known);
    InferredRoots = Roots.Dirs; // ordered per file, nearest first, by the CommandAdjuster
    if (!Roots.Dirs.empty())
      Info.push_back("include roots inferred from " + std::to_string(Roots.FilesScanned) +
                     " files: " + joinFirst(Roots.Dirs, 4));
  }
  Flags.insert(Flags.end(), Torch.Flags.begin(), Torch.Flags.end());
  if (!Cuda.FoundDir.empty())
    Flags.push_back("-isystem" + Cuda.FoundDir + "/include");
  Flags.insert(Flags.end(), Request.FixedFlags.begin(), Request.FixedFlags.end());
  Db = std::make_unique<FixedCompilationDatabase>(".", Flags);
  if (Torch.Found) {
    Info.push_back("using LibTorch headers from " + Torch.Description);
  } else {
    std::string Tried;
    for (const std::string &T : Torch.Tried)
      Tried += (Tried.empty() ? "" : "; ") + T;
    Info.push_back("LibTorch headers: none found (pass --torch-include=DIR or set "
                   "Torch_DIR); looked at " +
                   Tried);
  }
  return "";
}

} // namespace hostsync
