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
bool exists(const std::string &P) { return fs::exists(P); }
} // namespace

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
