// Offline symbolization of the tracer's raw stacks: each return address is mapped to its
// module (checked by build-id), then to `function file:line` by binutils' addr2line, which
// is on every machine that has a compiler (the GPU machine has no LLVM). Runs after the
// traced process has exited, never inside it.
#pragma once

#include "model/TraceModel.h"

#include <map>
#include <string>
#include <vector>

namespace hostsync::trace {

struct Frame {
  uint64_t pc = 0;
  std::string module;   // path of the module as loaded
  std::string function; // demangled; "??" when unknown
  std::string file;     // "" when the module has no line tables
  int line = 0;
  bool library = false;    // inside libtorch, the CUDA libraries, the C++ runtime, Python, us
  bool unreadable = false; // its module could not be read here (missing, another build-id)
};

// A module whose file could not be used: its frames stay unresolved ("??") unless an earlier
// run resolved them (symbolize/KeepResolved.h).
struct ModuleProblem {
  std::string module; // the path the trace names
  std::string why;    // "not found", "build-id differs from the traced binary (rebuilt since?)"
  std::string advice; // "give its directory with --search DIR", or ""
};

struct SymbolizeOptions {
  std::vector<std::string> search_dirs; // where to look for modules copied from elsewhere
  std::string addr2line = "addr2line";
  // When set (an absolute directory): source files, module paths and the command line's
  // arguments under it are written relative to it, so that a trace names no directory of
  // the machine it was recorded or symbolized on (`--relative-to DIR`).
  std::string relative_to;
};

class Symbolizer {
public:
  Symbolizer(std::vector<Module> modules, SymbolizeOptions options);
  // Resolves every address of the stacks (one addr2line run per module). Inlined calls
  // become frames of their own, innermost first.
  std::vector<std::vector<Frame>> symbolize(const std::vector<Stack> &stacks);
  // Modules that could not be used, for one line each on stderr.
  const std::vector<ModuleProblem> &problems() const { return problems_; }

private:
  std::string fileFor(const Module &m);
  std::map<uint64_t, std::vector<Frame>> resolve(const Module &m, const std::vector<uint64_t> &pcs);
  std::vector<Module> modules_;
  SymbolizeOptions options_;
  std::vector<ModuleProblem> problems_;
};

// The file name of a path ("libtorch.so" of "/usr/lib/libtorch.so").
std::string baseName(const std::string &path);
// path relative to dir when it lies under it ("." for dir itself), else path unchanged;
// lexical ("build/../src" is "src"), no file system access. An empty dir leaves every path
// as it is.
std::string relativePath(const std::string &path, const std::string &dir);
// A recorded command line with each argument (or the value of an `--opt=VALUE`) that lies
// under dir made relative to it.
std::string relativeCommand(const std::string &command, const std::string &dir);
// Is this frame in code the user does not own (so not where to point a fix)?
bool isLibraryFrame(const std::string &module, const std::string &file);
// Index of the first frame that is the user's own code, or -1.
int firstUserFrame(const std::vector<Frame> &frames);
// Is this Python source file outside the user's code: the standard library, an installed
// package (site-packages, dist-packages: PyTorch's own Python), or no file ("<frozen ...>")?
bool isLibraryPythonFile(const std::string &file);
// Index of the first Python frame (innermost first) in the user's own code, or -1.
int firstUserPythonFrame(const std::vector<PythonFrame> &frames);
// A Python frame as a site: `file.py:line (function)`.
std::string pythonSiteLabel(const PythonFrame &f);

} // namespace hostsync::trace
