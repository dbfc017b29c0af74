#include "driver/CrashRecovery.h"

#include "support/RemoveOnSignal.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <vector>

extern char **environ;

namespace hostsync {

namespace {
constexpr int Signals[] = {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL};
constexpr size_t SignalCount = sizeof(Signals) / sizeof(Signals[0]);
struct sigaction Previous[SignalCount];

// Everything the handler needs is made ready beforehand: it may not allocate.
constexpr size_t EnvSize = 1 << 16;
char CrashedEnv[EnvSize]; // "HOSTSYNC_CRASHED=" + the earlier lines; the new one appended
size_t CrashedLength = 0;
char FolderEnv[4096]; // "HOSTSYNC_CRASH_FOLDER=<path>", or empty
std::vector<char *> Args;
std::vector<char *> Env; // environ less the two variables, two slots free, then null
int Crashes = 0;         // the runs of this command that crashed before this one
thread_local const char *Current = nullptr;
std::atomic<bool> Recovering{false}; // one crashing thread runs the command again
struct sigaction Ours;
std::mutex Installing;

void append(char *Into, size_t &Length, size_t Size, const char *Text) {
  for (; *Text && Length + 1 < Size; ++Text)
    Into[Length++] = *Text;
  Into[Length] = '\0';
}

const char *signalName(int Sig) {
  switch (Sig) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGABRT:
    return "SIGABRT";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE";
  default:
    return "SIGILL";
  }
}

void passOn(int Sig) {
  for (size_t I = 0; I < SignalCount; ++I)
    if (Signals[I] == Sig)
      sigaction(Sig, &Previous[I], nullptr);
  raise(Sig);
}

void onCrash(int Sig) {
  const char *File = Current;
  if (!File || Crashes >= MaxCrashes || Args.empty())
    return passOn(Sig);
  if (Recovering.exchange(true)) // another thread crashed too: it runs the command again
    for (;;)
      pause();
  removeRegisteredNow(); // the outputs' temporary files: the new run writes its own
  append(CrashedEnv, CrashedLength, EnvSize, File);
  append(CrashedEnv, CrashedLength, EnvSize, "\t");
  append(CrashedEnv, CrashedLength, EnvSize, signalName(Sig));
  append(CrashedEnv, CrashedLength, EnvSize, "\n");
  const char *Note = "hostsync-lint: the analyzer crashed on ";
  (void)!write(STDERR_FILENO, Note, std::strlen(Note));
  (void)!write(STDERR_FILENO, File, std::strlen(File));
  const char *Again = "; running again without it\n";
  (void)!write(STDERR_FILENO, Again, std::strlen(Again));
  size_t Free = Env.size() - 3; // the two slots before the null
  Env[Free] = CrashedEnv;
  Env[Free + 1] = FolderEnv[0] ? FolderEnv : nullptr;
  // execve keeps the blocked signals: the one being handled must not stay blocked in the
  // new run, where its next crash would then kill it.
  sigset_t Crash;
  sigemptyset(&Crash);
  for (int S : Signals)
    sigaddset(&Crash, S);
  sigprocmask(SIG_UNBLOCK, &Crash, nullptr);
  execve("/proc/self/exe", Args.data(), Env.data());
  passOn(Sig); // could not run again: the crash is the process's
}

bool named(const char *Entry, const char *Name) {
  size_t N = std::strlen(Name);
  return std::strncmp(Entry, Name, N) == 0 && Entry[N] == '=';
}
} // namespace

void recoverFromCrashes(int Argc, const char **Argv) {
  // A run that read its diff from stdin (--diff=-) could not read it again.
  for (int I = 1; I < Argc; ++I)
    if (std::strcmp(Argv[I], "--diff=-") == 0 ||
        (std::strcmp(Argv[I], "--diff") == 0 && I + 1 < Argc && std::strcmp(Argv[I + 1], "-") == 0))
      return;
  static std::once_flag Once;
  std::call_once(Once, [&] {
    // A folder the crashed run left (its --no-cache PCHs): this run removes it.
    if (const char *Left = std::getenv("HOSTSYNC_CRASH_FOLDER"); Left && *Left) {
      std::error_code Ignored;
      std::filesystem::remove_all(Left, Ignored);
    }
    append(CrashedEnv, CrashedLength, EnvSize, "HOSTSYNC_CRASHED=");
    if (const char *Before = std::getenv("HOSTSYNC_CRASHED"))
      append(CrashedEnv, CrashedLength, EnvSize, Before);
    // Runs, not files: a line that does not parse back still counts.
    for (const char *C = std::getenv("HOSTSYNC_CRASHED"); C && *C; ++C)
      Crashes += *C == '\n';
    for (int I = 0; I < Argc; ++I)
      Args.push_back(strdup(Argv[I]));
    Args.push_back(nullptr);
    for (char **E = environ; *E; ++E)
      if (!named(*E, "HOSTSYNC_CRASHED") && !named(*E, "HOSTSYNC_CRASH_FOLDER"))
        Env.push_back(*E);
    Env.insert(Env.end(), {nullptr, nullptr, nullptr});
    std::memset(&Ours, 0, sizeof(Ours));
    Ours.sa_handler = onCrash;
    sigemptyset(&Ours.sa_mask);
    reinstallCrashHandler();
  });
}

void reinstallCrashHandler() {
  if (!Ours.sa_handler)
    return; // recovery is off in this run
  // Clang installs LLVM's handlers when it first writes a file (a PCH), in front of these;
  // on SIGABRT theirs would hand abort() back to the default action, past this one.
  std::lock_guard<std::mutex> Lock(Installing);
  for (size_t I = 0; I < SignalCount; ++I) {
    struct sigaction Now;
    if (sigaction(Signals[I], nullptr, &Now) == 0 && Now.sa_handler != onCrash)
      sigaction(Signals[I], &Ours, &Previous[I]);
  }
}

void crashRecoveryFolder(const std::string &Path) {
  size_t Length = 0;
  FolderEnv[0] = '\0';
  append(FolderEnv, Length, sizeof(FolderEnv), "HOSTSYNC_CRASH_FOLDER=");
  append(FolderEnv, Length, sizeof(FolderEnv), Path.c_str());
}

const std::map<std::string, std::string> &crashedFiles() {
  static const std::map<std::string, std::string> Files = [] {
    std::map<std::string, std::string> Out;
    const char *Listed = std::getenv("HOSTSYNC_CRASHED");
    std::istringstream Lines(Listed ? Listed : "");
    for (std::string Line; std::getline(Lines, Line);)
      if (size_t Tab = Line.rfind('\t'); Tab != std::string::npos)
        Out[Line.substr(0, Tab)] = Line.substr(Tab + 1);
    return Out;
  }();
  return Files;
}

AnalysingFile::AnalysingFile(const std::string &File) {
  reinstallCrashHandler();
  Current = strdup(File.c_str());
}

AnalysingFile::~AnalysingFile() {
  const char *Was = Current;
  Current = nullptr;
  std::free(const_cast<char *>(Was));
}

} // namespace hostsync
