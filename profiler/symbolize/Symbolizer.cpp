#include "symbolize/Symbolizer.h"

#include "elf/ProcessModules.h"
#include "io/RegularFile.h"
#include "io/TraceJson.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace hostsync::trace {

std::string baseName(const std::string &path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

namespace {
std::string withoutTrailingSlashes(std::string dir) {
  while (dir.size() > 1 && dir.back() == '/')
    dir.pop_back();
  return dir;
}

// A compiler given relative source paths (as ccache's CCACHE_BASEDIR gives them) writes
// "/w/build/../src/a.cpp" into the debug info: compared as the path it names, "/w/src/a.cpp".
std::string withoutDotSegments(const std::string &path) {
  std::string ended = path + "/";
  if (ended.find("/./") == std::string::npos && ended.find("/../") == std::string::npos)
    return path;
  return std::filesystem::path(path).lexically_normal().string();
}
} // namespace

std::string relativePath(const std::string &original, const std::string &dir) {
  std::string d = withoutTrailingSlashes(withoutDotSegments(dir));
  std::string path = withoutDotSegments(original);
  if (d.empty() || path.compare(0, d.size(), d) != 0)
    return original;
  if (path.size() == d.size())
    return ".";
  if (d == "/")
    return path.substr(1);
  return path[d.size()] == '/' ? path.substr(d.size() + 1) : original;
}

std::string relativeCommand(const std::string &command, const std::string &dir) {
  std::string out;
  size_t at = 0;
  while (at <= command.size()) {
    size_t space = std::min(command.find(' ', at), command.size());
    std::string arg = command.substr(at, space - at);
    size_t eq = arg.rfind("--", 0) == 0 ? arg.find('=') : std::string::npos;
    if (eq != std::string::npos)
      arg = arg.substr(0, eq + 1) + relativePath(arg.substr(eq + 1), dir);
    else
      arg = relativePath(arg, dir);
    out += (at ? " " : "") + arg;
    at = space + 1;
  }
  return out;
}

namespace {

// A module is read only from a regular file: addr2line and the build-id reader would wait on
// a FIFO forever.
bool readable(const std::string &path) {
  return isRegularFile(path) && access(path.c_str(), R_OK) == 0;
}

// Runs a program and returns its stdout ("" if it could not run).
std::string runCapture(const std::vector<std::string> &argv) {
  int fds[2];
  if (pipe(fds) != 0)
    return "";
  // The tool runs untraced: it may be started from inside a traced process (the summary
  // at exit), whose LD_PRELOAD would load the tracer into it. Built before fork(): the
  // child only execs.
  std::vector<std::string> env{"HOSTSYNC_DISABLE=1"};
  for (char **e = environ; *e; ++e) {
    std::string v = *e;
    if (v.rfind("LD_PRELOAD=", 0) != 0 && v.rfind("CUDA_INJECTION64_PATH=", 0) != 0 &&
        v.rfind("HOSTSYNC_DISABLE=", 0) != 0)
      env.push_back(v);
  }
  std::vector<char *> args, envp;
  for (const std::string &a : argv)
    args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
  for (const std::string &e : env)
    envp.push_back(const_cast<char *>(e.c_str()));
  envp.push_back(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], 1);
    close(fds[0]);
    close(fds[1]);
    execvpe(args[0], args.data(), envp.data());
    _exit(127);
  }
  close(fds[1]);
  std::string out;
  char buf[1 << 16];
  ssize_t n;
  while (pid > 0 && (n = read(fds[0], buf, sizeof buf)) > 0)
    out.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  int status = 0;
  if (pid > 0)
    waitpid(pid, &status, 0);
  return pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? out : "";
}
} // namespace

bool isLibraryFrame(const std::string &module, const std::string &file) {
  // Modules the user does not own: PyTorch, CUDA, the C/C++ runtimes, Python, hostsync, and
  // the sanitizers' runtimes (a traced ASan build's backtrace() and malloc are theirs).
  static const char *const modulePrefixes[] = {
      "libtorch",   "libc10",   "libcuda",     "libcudart", "libcupti", "libcublas", "libcudnn",
      "libnccl",    "libnvrtc", "libhostsync", "libc.so",   "libc-",    "libstdc++", "libgcc_s",
      "libpthread", "libdl",    "ld-linux",    "libpython", "python3",  "_C.",       "libgomp",
      "libasan",    "libubsan", "libtsan",     "liblsan"};
  std::string mod = baseName(module);
  for (const char *p : modulePrefixes)
    if (mod.rfind(p, 0) == 0)
      return true;
  if (module.find("/site-packages/") != std::string::npos ||
      module.find("/dist-packages/") != std::string::npos)
    return true;
  // Library code inlined into the user's binary: LibTorch and C++ standard headers, and a
  // sanitizer runtime linked statically (Clang's).
  static const char *const headerDirs[] = {"/ATen/",        "/c10/",  "/torch/csrc/",
                                           "/include/c++/", "/bits/", "/sanitizer_common/"};
  for (const char *d : headerDirs)
    if (file.find(d) != std::string::npos)
      return true;
  return false;
}

int firstUserFrame(const std::vector<Frame> &frames) {
  for (size_t i = 0; i < frames.size(); ++i)
    if (!frames[i].library && !frames[i].file.empty())
      return static_cast<int>(i);
  return -1;
}

bool isLibraryPythonFile(const std::string &file) {
  if (file.empty() || file[0] == '<')
    return true;
  for (const char *dir : {"/site-packages/", "/dist-packages/"})
    if (file.find(dir) != std::string::npos)
      return true;
  // The standard library: <prefix>/lib/python3.X/<module>.py (a folder named exactly so).
  for (size_t at = file.find("/lib/python3."); at != std::string::npos;
       at = file.find("/lib/python3.", at + 1)) {
    size_t digits = at + 13, end = digits;
    while (end < file.size() && file[end] >= '0' && file[end] <= '9')
      ++end;
    if (end > digits && end < file.size() && file[end] == '/')
      return true;
  }
  return false;
}

int firstUserPythonFrame(const std::vector<PythonFrame> &frames) {
  for (size_t i = 0; i < frames.size(); ++i)
    if (!isLibraryPythonFile(frames[i].file))
      return static_cast<int>(i);
  return -1;
}

std::string pythonSiteLabel(const PythonFrame &f) {
  return f.file + ":" + std::to_string(f.line) + " (" + f.function + ")";
}

Symbolizer::Symbolizer(std::vector<Module> modules, SymbolizeOptions options)
    : modules_(std::move(modules)), options_(std::move(options)) {}

// The file to read a module from: its own path when it is still the same binary (same
// build-id), else a copy with that build-id in one of the search directories.
std::string Symbolizer::fileFor(const Module &m) {
  auto same = [&](const std::string &path) {
    return readable(path) && (m.build_id.empty() || buildIdOfFile(path) == m.build_id);
  };
  for (const std::string &dir : options_.search_dirs)
    if (same(dir + "/" + baseName(m.path)))
      return dir + "/" + baseName(m.path);
  if (same(m.path))
    return m.path;
  if (readable(m.path))
    problems_.push_back({m.path, "build-id differs from the traced binary (rebuilt since?)",
                         "give the traced copy's directory with --search DIR"});
  else if (access(m.path.c_str(), F_OK) == 0)
    problems_.push_back({m.path, "not a regular file", "give its directory with --search DIR"});
  else
    problems_.push_back({m.path, "not found", "give its directory with --search DIR"});
  return "";
}

std::map<uint64_t, std::vector<Frame>> Symbolizer::resolve(const Module &m,
                                                           const std::vector<uint64_t> &pcs) {
  std::map<uint64_t, std::vector<Frame>> out;
  auto unresolved = [&](uint64_t pc) {
    Frame f;
    f.pc = pc;
    f.module = m.path;
    f.function = "??";
    f.library = isLibraryFrame(m.path, "");
    f.unreadable = true; // until addr2line answers for it
    return f;
  };
  for (uint64_t pc : pcs)
    out[pc] = {unresolved(pc)};
  std::string file = fileFor(m);
  if (file.empty())
    return out;
  const size_t chunk = 4000; // addresses per addr2line run: far below the argv limit
  for (size_t from = 0; from < pcs.size(); from += chunk) {
    std::vector<std::string> argv = {options_.addr2line, "-C", "-f", "-i", "-a", "-e", file};
    std::vector<uint64_t> asked;
    for (size_t i = from; i < std::min(pcs.size(), from + chunk); ++i) {
      // A return address points after the call; the call itself is one byte earlier.
      argv.push_back(hexAddress(pcs[i] - m.base - 1));
      asked.push_back(pcs[i]);
    }
    std::string text = runCapture(argv);
    if (text.empty()) {
      problems_.push_back({m.path, options_.addr2line + " failed on it", ""});
      return out;
    }
    std::istringstream lines(text);
    std::string line;
    long at = -1;
    while (std::getline(lines, line)) {
      if (line.rfind("0x", 0) == 0 && line.find(' ') == std::string::npos) {
        if (++at < static_cast<long>(asked.size()))
          out[asked[at]].clear();
        continue;
      }
      if (at < 0 || at >= static_cast<long>(asked.size()))
        continue;
      Frame f;
      f.pc = asked[at];
      f.module = m.path;
      f.function = line;
      std::string where;
      if (!std::getline(lines, where))
        break;
      where = where.substr(0, where.find(" (discriminator"));
      size_t colon = where.rfind(':');
      if (colon != std::string::npos && where.compare(0, 2, "??") != 0) {
        f.file = where.substr(0, colon);
        f.line = std::atoi(where.c_str() + colon + 1);
      }
      f.library = isLibraryFrame(m.path, f.file);
      out[asked[at]].push_back(f);
    }
  }
  return out;
}

std::vector<std::vector<Frame>> Symbolizer::symbolize(const std::vector<Stack> &stacks) {
  std::map<const Module *, std::set<uint64_t>> byModule;
  for (const Stack &s : stacks)
    for (uint64_t pc : s.pcs)
      if (const Module *m = moduleOf(modules_, pc))
        byModule[m].insert(pc);
  std::map<uint64_t, std::vector<Frame>> resolved;
  for (const auto &[m, pcs] : byModule)
    for (auto &[pc, frames] : resolve(*m, std::vector<uint64_t>(pcs.begin(), pcs.end())))
      resolved[pc] = std::move(frames);
  std::vector<std::vector<Frame>> out;
  for (const Stack &s : stacks) {
    std::vector<Frame> frames;
    for (uint64_t pc : s.pcs) {
      auto it = resolved.find(pc);
      if (it != resolved.end()) {
        frames.insert(frames.end(), it->second.begin(), it->second.end());
      } else {
        Frame f;
        f.pc = pc;
        f.function = "??";
        f.library = true; // in no module: JIT code or an unmapped address
        frames.push_back(f);
      }
    }
    out.push_back(std::move(frames));
  }
  return out;
}

} // namespace hostsync::trace
