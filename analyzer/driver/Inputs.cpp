#include "driver/Inputs.h"

#include "compat/LLVMCompat.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdlib>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hostsync {

namespace {
bool isSourceExt(llvm::StringRef Ext) {
  return compat::isOneOf(Ext, {".cpp", ".cc", ".cxx", ".c++", ".C", ".cp"});
}
bool isHeaderExt(llvm::StringRef Ext) {
  return compat::isOneOf(Ext, {".h", ".hpp", ".hh", ".hxx", ".h++", ".inl"});
}
std::string absolute(const std::string &P) {
  llvm::SmallString<256> A(P);
  fs::make_absolute(A);
  path::remove_dots(A, true);
  return std::string(A.str());
}
bool exists(const std::string &P) { return fs::exists(P); }
} // namespace

std::string collectSources(const std::vector<std::string> &Inputs,
                           std::vector<std::string> &Files) {
  for (const std::string &In : Inputs) {
    fs::file_status St;
    if (fs::status(In, St) || !fs::exists(St))
      return In + ": no such file or directory";
    if (fs::is_directory(St)) {
      std::vector<std::string> Found;
      std::error_code EC;
      for (fs::recursive_directory_iterator It(In, EC), End; It != End && !EC;
           It.increment(EC)) {
        llvm::StringRef Name = path::filename(It->path());
        if (compat::startsWith(Name, ".") && It->type() == fs::file_type::directory_file) {
          It.no_push(); // .git, .cache
          continue;
        }
        if (It->type() == fs::file_type::regular_file &&
            isSourceExt(path::extension(It->path())))
          Found.push_back(absolute(It->path()));
      }
      if (EC)
        return In + ": cannot read directory: " + EC.message();
      if (Found.empty())
        return In + ": no C++ source files (.cpp, .cc, .cxx) in this directory";
      std::sort(Found.begin(), Found.end());
      Files.insert(Files.end(), Found.begin(), Found.end());
      continue;
    }
    llvm::StringRef Ext = path::extension(In);
    if (!isSourceExt(Ext) && !isHeaderExt(Ext))
      return In + ": not a C++ source or header (expected .cpp, .cc, .cxx, .h, .hpp...)";
    Files.push_back(absolute(In));
  }
  std::sort(Files.begin(), Files.end());
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return "";
}

std::string findTorchHeaders(const std::string &UserDir, TorchHeaders &Out) {
  // Root: holds ATen/ and c10/. Api: holds torch/torch.h.
  auto Accept = [&](const std::string &Root, const std::string &Why) {
    std::string Api = Root + "/torch/csrc/api/include";
    if (!exists(Api + "/torch/torch.h"))
      return false;
    if (Root != "/usr/include" && Root != "/usr/local/include") // already system dirs
      Out.Flags.push_back("-isystem" + Root);
    Out.Flags.push_back("-isystem" + Api);
    Out.Description = Root + " (" + Why + ")";
    return true;
  };
  if (!UserDir.empty()) {
    std::string Dir = absolute(UserDir);
    if (Accept(Dir, "--torch-include"))
      return "";
    // The api include itself was given: the root is four levels up.
    if (exists(Dir + "/torch/torch.h")) {
      llvm::SmallString<256> Root(Dir);
      for (int I = 0; I < 4; ++I)
        path::remove_filename(Root);
      if (Accept(std::string(Root.str()), "--torch-include"))
        return "";
    }
    return UserDir + ": no LibTorch headers here (expected torch/csrc/api/include/torch/torch.h)";
  }
  if (const char *TorchDir = std::getenv("Torch_DIR")) {
    llvm::SmallString<256> Root(absolute(TorchDir)); // <prefix>/share/cmake/Torch
    for (int I = 0; I < 3; ++I)
      path::remove_filename(Root);
    path::append(Root, "include");
    if (Accept(std::string(Root.str()), "from $Torch_DIR"))
      return "";
  }
  if (Accept("/usr/include", "Debian libtorch-dev"))
    return "";
  Out.Description = "none found (pass --torch-include=DIR or set Torch_DIR)";
  return "";
}

namespace {
std::vector<std::string> cudaIncludeFlags() {
  const char *Home = std::getenv("CUDA_HOME");
  for (std::string Dir : {Home ? std::string(Home) : std::string(), std::string("/usr/local/cuda")})
    if (!Dir.empty() && exists(Dir + "/include/cuda_runtime_api.h"))
      return {"-isystem" + Dir + "/include"};
  return {};
}
} // namespace

std::string makeCompilationDatabase(const Options &Opts, std::vector<std::string> &Files,
                                    std::unique_ptr<clang::tooling::CompilationDatabase> &Db,
                                    std::vector<std::string> &Info) {
  using namespace clang::tooling;
  if (!Opts.BuildPath.empty()) {
    std::string DbFile = Opts.BuildPath + "/compile_commands.json";
    if (!exists(DbFile))
      return DbFile + ": no such file (run cmake with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)";
    std::string Error;
    std::unique_ptr<CompilationDatabase> Json = JSONCompilationDatabase::loadFromFile(
        DbFile, Error, JSONCommandLineSyntax::AutoDetect);
    if (!Json) {
      std::replace(Error.begin(), Error.end(), '\n', ' ');
      return DbFile + ": " + Error;
    }
    if (Files.empty()) {
      for (const std::string &F : Json->getAllFiles())
        Files.push_back(F);
      if (Files.empty())
        return DbFile + ": lists no files";
    }
    Db = inferMissingCompileCommands(std::move(Json));
    Info.push_back("using compile commands from " + DbFile);
    return "";
  }
  TorchHeaders Torch;
  if (std::string E = findTorchHeaders(Opts.TorchInclude, Torch); !E.empty())
    return E;
  std::vector<std::string> Flags = {"-xc++", "-std=c++17"};
  Flags.insert(Flags.end(), Torch.Flags.begin(), Torch.Flags.end());
  for (const std::string &F : cudaIncludeFlags())
    Flags.push_back(F);
  Flags.insert(Flags.end(), Opts.FixedFlags.begin(), Opts.FixedFlags.end());
  Db = std::make_unique<FixedCompilationDatabase>(".", Flags);
  Info.push_back("using LibTorch headers from " + Torch.Description);
  return "";
}

} // namespace hostsync
