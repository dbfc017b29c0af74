#include "io/AtomicFile.h"

#include "io/WriteAll.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hostsync::trace {

namespace {
// A name no other writer uses: the pid for other processes (each rank of a torchrun job may
// write into one directory), a counter for other threads of this one.
std::string temporaryName(const std::string &path) {
  static std::atomic<unsigned> counter{0};
  return temporaryPrefixFor(path) + std::to_string(getpid()) + "-" + std::to_string(counter++);
}

bool failed(std::string &error) {
  error = std::strerror(errno);
  return false;
}

// The temporary file being written, for the signal handler: a fixed buffer, since a handler
// may not allocate, and a flag set only while the name in it is complete. One at a time: the
// tools that install the handler write their files one after another.
char g_pending[4096];
std::atomic<bool> g_pending_set{false};
std::atomic<bool> g_remove_on_signal{false};

void removePendingAndDie(int sig) {
  if (g_pending_set.load())
    unlink(g_pending);
  // The signal is blocked while its handler runs: raised again, it ends the process as the
  // default action would once the handler returns.
  signal(sig, SIG_DFL);
  raise(sig);
}

sigset_t removalSignals() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : {SIGINT, SIGTERM, SIGHUP})
    sigaddset(&set, sig);
  return set;
}

// Creates the temporary file with the handler's signals held back until its name is
// recorded, so that none comes between the two.
int openPending(const std::string &tmp) {
  if (!g_remove_on_signal.load() || tmp.size() >= sizeof g_pending)
    return open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  sigset_t held = removalSignals(), before;
  pthread_sigmask(SIG_BLOCK, &held, &before);
  int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  int saved = errno;
  if (fd >= 0) {
    std::memcpy(g_pending, tmp.c_str(), tmp.size() + 1);
    g_pending_set.store(true);
  }
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  errno = saved;
  return fd;
}
} // namespace

void removeTemporaryFilesOnSignal() {
  g_remove_on_signal.store(true);
  struct sigaction action {};
  action.sa_handler = removePendingAndDie;
  action.sa_mask = removalSignals();
  for (int sig : {SIGINT, SIGTERM, SIGHUP})
    sigaction(sig, &action, nullptr);
}

std::string parentDirectory(const std::string &path) {
  size_t end = path.find_last_not_of('/');
  if (end == std::string::npos)
    return "/";
  size_t slash = path.rfind('/', end);
  if (slash == std::string::npos)
    return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string temporaryPrefixFor(const std::string &path) { return path + ".tmp-"; }

bool writeFileAtomically(const std::string &path, const std::string &content, std::string &error) {
  struct stat old;
  bool exists = stat(path.c_str(), &old) == 0;
  if (exists && S_ISDIR(old.st_mode)) {
    errno = EISDIR;
    return failed(error);
  }
  if (exists && !S_ISREG(old.st_mode)) { // a pipe or a device: renaming would replace it
    error = "not a regular file";
    return false;
  }
  std::string tmp;
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
    tmp = temporaryName(path);
    fd = openPending(tmp);
    if (fd < 0 && errno != EEXIST)
      return failed(error);
  }
  if (fd < 0)
    return failed(error);
  // Flushed before the rename: after a crash the new name holds the whole content, never
  // an empty file whose data had not reached the disk yet.
  bool ok = (!exists || fchmod(fd, old.st_mode & 07777) == 0) &&
            writeAll(fd, content.data(), content.size()) && fsync(fd) == 0;
  int saved = errno;
  if (close(fd) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  if (ok && std::rename(tmp.c_str(), path.c_str()) != 0) {
    ok = false;
    saved = errno;
  }
  if (!ok)
    unlink(tmp.c_str());
  g_pending_set.store(false); // renamed or removed: nothing left to remove
  if (!ok) {
    errno = saved;
    return failed(error);
  }
  // The rename reaches the disk with the directory's entry; best effort.
  int dir = open(parentDirectory(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    fsync(dir);
    close(dir);
  }
  return true;
}

bool writeFileAtomically(const std::string &path, const std::string &content) {
  std::string error;
  return writeFileAtomically(path, content, error);
}

} // namespace hostsync::trace
