// hostsync-symbolize (run as `hostsync-trace symbolize`): resolves the raw stacks in
// trace.json files to `function file:line`, after the traced process has exited, and
// writes the frames back into each file, in place (its one mode): each file is replaced whole
// or not at all (io/AtomicFile.h). Running it again redoes it, and never makes a trace worse:
// frames an earlier run resolved are kept where this one cannot read their binary.
//   hostsync-symbolize [--search DIR]... [--addr2line PATH] [--relative-to DIR] TRACE.json|DIR...
// --relative-to DIR writes the source files, module paths and command-line arguments that
// lie under DIR relative to it (traces to commit or share without the machine's paths).
// Exit codes: 0 every frame of a readable binary resolved or kept; 1 some frames left "??"
// because their binary is missing here or another build (one warning line per binary); 2 bad
// usage or a trace file that could not be read or written (that file is left as it was).
#include "common/Utf8.h"
#include "io/AtomicFile.h"
#include "io/TraceJson.h"
#include "symbolize/TraceStacks.h"

#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

using namespace hostsync::trace;

namespace {
// DIR as an absolute path, lexically ("." and "./x" against the working directory).
std::string absoluteDir(std::string dir) {
  while (dir.rfind("./", 0) == 0)
    dir = dir.substr(2);
  if (!dir.empty() && dir[0] == '/')
    return dir;
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd))
    return dir;
  std::string abs = cwd;
  return dir.empty() || dir == "." ? abs : abs + "/" + dir;
}

int symbolize(int argc, char **argv) {
  SymbolizeOptions options;
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    bool takesValue = a == "--search" || a == "--addr2line" || a == "--relative-to";
    if (takesValue && i + 1 == argc) {
      std::fprintf(stderr, "hostsync-trace symbolize: error: %s needs a value\n", a.c_str());
      return 2;
    }
    if (a == "--search" || a == "--addr2line") {
      (a == "--search" ? options.search_dirs.emplace_back() : options.addr2line) = argv[++i];
    } else if (a == "--relative-to") {
      options.relative_to = absoluteDir(argv[++i]);
    } else if (a == "-h" || a == "--help") {
      std::printf("usage: hostsync-trace symbolize [--search DIR]... [--addr2line PATH] "
                  "[--relative-to DIR] TRACE.json|DIR...\n"
                  "  --relative-to DIR  write source files, module paths and command-line "
                  "arguments under DIR\n"
                  "                     relative to it (e.g. the repository root)\n"
                  "  --search DIR       where copies of the traced binaries are (repeatable)\n"
                  "Each trace is rewritten in place; frames resolved by an earlier run are kept "
                  "where a binary\nis missing here.\n"
                  "Exit codes: 0 done; 1 frames left unresolved (a binary missing here: see "
                  "--search);\n2 bad usage, or a trace that could not be read or written; 3 an "
                  "internal error.\n");
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "hostsync-trace symbolize: error: unknown option '%s'\n", a.c_str());
      return 2;
    } else {
      inputs.push_back(a);
    }
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "hostsync-trace symbolize: error: no trace file or directory given\n");
    return 2;
  }
  std::vector<std::string> files;
  std::string error;
  if (!traceFilesIn(inputs, files, error)) {
    std::fprintf(stderr, "hostsync-trace symbolize: error: %s\n", error.c_str());
    return 2;
  }
  int status = 0;
  for (const std::string &file : files) {
    SymbolizeResult r = symbolizeTraceFile(file, options);
    if (!r.error.empty()) {
      std::fprintf(stderr, "hostsync-trace symbolize: error: %s\n", r.error.c_str());
      status = 2;
      continue;
    }
    for (const std::string &p : r.problems)
      std::fprintf(stderr, "hostsync-trace symbolize: warning: %s\n", p.c_str());
    std::string python = r.with_python_user_frame
                             ? " (" + std::to_string(r.with_python_user_frame) + " in Python)"
                             : "";
    std::fprintf(stderr, "hostsync-trace symbolize: %s: %zu stacks, %zu with a user frame%s\n",
                 file.c_str(), r.stacks, r.with_user_frame + r.with_python_user_frame,
                 python.c_str());
    if (r.unresolved > 0 && status == 0)
      status = 1;
  }
  return status;
}
} // namespace

// An exception that reaches here is a bug of the symbolizer, not of its inputs (those are
// said as errors on their file): one line and exit 3, never an abort.
int main(int argc, char **argv) {
  // Under a file-size limit (ulimit -f) a write that passes it fails with EFBIG and is
  // reported as any write error (exit 2, the earlier file kept), instead of SIGXFSZ killing
  // the tool.
  signal(SIGXFSZ, SIG_IGN);
  // SIGINT/SIGTERM while a file is written remove its temporary file (io/AtomicFile.h).
  hostsync::trace::removeTemporaryFilesOnSignal();
  try {
    return symbolize(argc, argv);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "hostsync-trace symbolize: internal error: %s (please report it)\n",
                 hostsync::text::validUtf8(e.what()).c_str());
  } catch (...) {
    std::fprintf(stderr, "hostsync-trace symbolize: internal error: an unknown exception "
                         "(please report it)\n");
  }
  return 3;
}
