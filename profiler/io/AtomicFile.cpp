#include "io/AtomicFile.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
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

bool writeAll(int fd, const std::string &content) {
  const char *p = content.data();
  size_t left = content.size();
  while (left > 0) {
    ssize_t n = write(fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      if (n == 0)
        errno = EIO;
      return false;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  return true;
}

bool failed(std::string &error) {
  error = std::strerror(errno);
  return false;
}
} // namespace

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
    fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST)
      return failed(error);
  }
  if (fd < 0)
    return failed(error);
  // Flushed before the rename: after a crash the new name holds the whole content, never
  // an empty file whose data had not reached the disk yet.
  bool ok =
      (!exists || fchmod(fd, old.st_mode & 07777) == 0) && writeAll(fd, content) && fsync(fd) == 0;
  int saved = errno;
  if (close(fd) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  if (ok && std::rename(tmp.c_str(), path.c_str()) != 0) {
    ok = false;
    saved = errno;
  }
  if (!ok) {
    unlink(tmp.c_str());
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
