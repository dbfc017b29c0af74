#include "commands/TorchHeaders.h"

#include "compat/LLVMCompat.h"
#include "support/AbsolutePath.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdio>
#include <cstdlib>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace hostsync {

namespace {

std::string parentOf(std::string P, int Levels) {
  llvm::SmallString<256> S(P);
  for (int I = 0; I < Levels; ++I)
    path::remove_filename(S);
  return std::string(S.str());
}

std::string env(const char *Name) {
  const char *V = std::getenv(Name);
  return V ? V : "";
}

// What python3 says, asked once without importing torch (find_spec reads no module code;
// importing torch takes seconds): its `torch` package's directory, and the directory of
// Python.h, which torch/extension.h includes (a C++/CUDA extension's build adds it).
struct PythonPaths {
  std::string TorchDir, Include;
};
PythonPaths askPython() {
  FILE *P = popen("python3 -c \"import importlib.util as u, sysconfig; s = u.find_spec('torch'); "
                  "print(s.submodule_search_locations[0] if s and "
                  "s.submodule_search_locations else ''); "
                  "print(sysconfig.get_paths().get('include', ''))\" 2>/dev/null",
                  "r");
  PythonPaths Out;
  if (!P)
    return Out;
  char Buf[4096];
  for (std::string *Line : {&Out.TorchDir, &Out.Include}) {
    *Line = fgets(Buf, sizeof Buf, P) ? Buf : "";
    while (!Line->empty() && (Line->back() == '\n' || Line->back() == '\r'))
      Line->pop_back();
  }
  pclose(P);
  return Out;
}
} // namespace

namespace {
std::string findTorchRoot(const std::string &UserDir, const PythonPaths &Python,
                          TorchHeaders &Out) {
  // Root: holds ATen/ and c10/. Api: holds torch/torch.h.
  auto Accept = [&](const std::string &Root, const std::string &Why) {
    std::string Api = Root + "/torch/csrc/api/include";
    if (Root.empty() || !fs::exists(Api + "/torch/torch.h")) {
      Out.Tried.push_back(Why + (Root.empty() ? ": not set" : ": none in " + Root));
      return false;
    }
    if (Root != "/usr/include" && Root != "/usr/local/include") // already system dirs
      Out.Flags.push_back("-isystem" + Root);
    Out.Flags.push_back("-isystem" + Api);
    Out.Description = Root + " (" + Why + ")";
    Out.Found = true;
    return true;
  };
  if (!UserDir.empty()) {
    std::string Dir = absolutePath(UserDir);
    if (Accept(Dir, "--torch-include"))
      return "";
    // The api include itself was given: the root is four levels up.
    if (fs::exists(Dir + "/torch/torch.h") && Accept(parentOf(Dir, 4), "--torch-include"))
      return "";
    return UserDir + ": no LibTorch headers here (expected torch/csrc/api/include/torch/torch.h)";
  }
  // <prefix>/share/cmake/Torch -> <prefix>/include.
  std::string TorchDir = env("Torch_DIR");
  if (Accept(TorchDir.empty() ? "" : parentOf(absolutePath(TorchDir), 3) + "/include",
             "from $Torch_DIR"))
    return "";
  llvm::SmallVector<llvm::StringRef, 4> Prefixes;
  std::string PrefixPath = env("CMAKE_PREFIX_PATH");
  llvm::StringRef(PrefixPath).split(Prefixes, ':', -1, false);
  for (llvm::StringRef P : Prefixes) {
    // A prefix (<p>/include) or, as torch.utils.cmake_prefix_path gives, <p>/share/cmake.
    std::string Abs = absolutePath(P.str());
    if (Accept(Abs + "/include", "from $CMAKE_PREFIX_PATH") ||
        Accept(parentOf(Abs, 2) + "/include", "from $CMAKE_PREFIX_PATH"))
      return "";
  }
  if (PrefixPath.empty())
    Out.Tried.push_back("from $CMAKE_PREFIX_PATH: not set");
  std::string Wheel = Python.TorchDir;
  if (Accept(Wheel.empty() ? "" : Wheel + "/include", "the torch package of python3"))
    return "";
  std::string Conda = env("CONDA_PREFIX");
  if (!Conda.empty()) {
    // Conda's pytorch package: <env>/lib/pythonX.Y/site-packages/torch/include.
    std::error_code EC;
    for (fs::directory_iterator It(Conda + "/lib", EC), End; It != End && !EC; It.increment(EC))
      if (compat::startsWith(path::filename(It->path()), "python") &&
          Accept(It->path() + "/site-packages/torch/include", "from $CONDA_PREFIX"))
        return "";
  }
  if (Accept(Conda.empty() ? "" : Conda + "/include", "from $CONDA_PREFIX") ||
      Accept("/opt/libtorch/include", "/opt/libtorch") ||
      Accept("/usr/local/libtorch/include", "/usr/local/libtorch") ||
      Accept("/usr/local/include", "/usr/local") || Accept("/usr/include", "Debian libtorch-dev"))
    return "";
  Out.Description = "none found (pass --torch-include=DIR or set Torch_DIR)";
  return "";
}
} // namespace

std::string findTorchHeaders(const std::string &UserDir, TorchHeaders &Out) {
  PythonPaths Python = askPython();
  std::string Error = findTorchRoot(UserDir, Python, Out);
  // After the LibTorch roots: Python.h, for torch/extension.h (pybind11 is in a wheel's
  // include root, or Debian's /usr/include).
  if (Out.Found && !Python.Include.empty() && fs::exists(Python.Include + "/Python.h"))
    Out.Flags.push_back("-isystem" + Python.Include);
  return Error;
}

} // namespace hostsync
