#include "support/RemoveOnSignal.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace hostsync {

namespace {
constexpr int Signals[] = {SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGSEGV,
                           SIGBUS, SIGFPE, SIGILL,  SIGABRT};
constexpr size_t SignalCount = sizeof(Signals) / sizeof(Signals[0]);
struct sigaction Previous[SignalCount];

// The handler reads the slots without a lock: each is a whole pointer, set or cleared
// atomically, and a path's text is freed only after its slot is cleared.
constexpr size_t Slots = 64;
std::atomic<char *> Paths[Slots];
std::mutex Registering; // between threads that add or forget paths

void onSignal(int Sig) {
  removeRegisteredNow();
  for (size_t I = 0; I < SignalCount; ++I)
    if (Signals[I] == Sig)
      sigaction(Sig, &Previous[I], nullptr);
  raise(Sig); // delivered once this handler returns, to the handler restored above
}

void installOnce() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    for (size_t I = 0; I < SignalCount; ++I) {
      // A signal the process was started to ignore (SIGINT of a job run in the background
      // by a shell script) stays ignored: the run goes on, and so must its files.
      if (sigaction(Signals[I], nullptr, &Previous[I]) != 0 || Previous[I].sa_handler == SIG_IGN)
        continue;
      struct sigaction Action;
      std::memset(&Action, 0, sizeof(Action));
      Action.sa_handler = onSignal;
      sigemptyset(&Action.sa_mask);
      sigaction(Signals[I], &Action, &Previous[I]);
    }
  });
}
} // namespace

void removeRegisteredNow() {
  for (std::atomic<char *> &Slot : Paths)
    if (char *Path = Slot.load())
      unlink(Path);
}

bool removeOnSignal(const std::string &Path) {
  installOnce();
  std::lock_guard<std::mutex> Lock(Registering);
  for (std::atomic<char *> &Slot : Paths)
    if (!Slot.load()) {
      Slot.store(strdup(Path.c_str()));
      return true;
    }
  return false;
}

void forgetOnSignal(const std::string &Path) {
  std::lock_guard<std::mutex> Lock(Registering);
  for (std::atomic<char *> &Slot : Paths)
    if (char *Held = Slot.load(); Held && Path == Held) {
      Slot.store(nullptr);
      std::free(Held);
      return;
    }
}

} // namespace hostsync
