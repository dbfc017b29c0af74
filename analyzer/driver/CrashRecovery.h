// A crash in one file's analysis (a failed assertion, a segmentation fault in Clang or in a
// rule) must not end the run: the files already analysed and the others still matter. When
// the process is killed by such a signal while it analyses a file, the handler runs the same
// command again (execve of /proc/self/exe, with the same arguments), naming the files that
// crashed in HOSTSYNC_CRASHED; the new run reports each of them as not analysed, in one line
// with the signal, and analyses the rest (the result cache keeps what the first run had
// finished). At most MaxCrashes files a run; past that, the crash is the process's.
// docs/lint.md, "When the analyzer crashes".
#pragma once

#include <map>
#include <string>

namespace hostsync {

constexpr int MaxCrashes = 16;

// Installs the handler (SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL), keeping Argv for the new
// run. Call once, before the files are analysed. A folder of this run only (the --no-cache
// PCHs) is named to the new run, which removes it.
void recoverFromCrashes(int Argc, const char **Argv);
void crashRecoveryFolder(const std::string &Path);
// Puts the handler back in front where something installed its own since (LLVM's).
void reinstallCrashHandler();

// The files earlier runs of this command crashed on, with the signal's name ("SIGABRT").
const std::map<std::string, std::string> &crashedFiles();

// While one exists on a thread, a crash on that thread is File's.
class AnalysingFile {
public:
  explicit AnalysingFile(const std::string &File);
  ~AnalysingFile();
  AnalysingFile(const AnalysingFile &) = delete;
  AnalysingFile &operator=(const AnalysingFile &) = delete;
};

} // namespace hostsync
