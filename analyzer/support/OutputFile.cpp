#include "support/OutputFile.h"

#include "support/RemoveOnSignal.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

namespace hostsync {

namespace {
std::string cannotWrite(const std::string &Path, int Errno) {
  return Path + ": cannot write: " + std::strerror(Errno);
}
// The process's umask, read once. /proc says it without changing it: umask() can only be
// read by setting it, which would race with threads creating cache files.
mode_t processUmask() {
  static const mode_t Mask = [] {
    if (FILE *Status = std::fopen("/proc/self/status", "r")) {
      char Line[256];
      unsigned Value;
      while (std::fgets(Line, sizeof(Line), Status))
        if (std::sscanf(Line, "Umask: %o", &Value) == 1) {
          std::fclose(Status);
          return static_cast<mode_t>(Value);
        }
      std::fclose(Status);
    }
    mode_t Old = umask(022);
    umask(Old);
    return Old;
  }();
  return Mask;
}
} // namespace

std::unique_ptr<OutputFile> OutputFile::create(const std::string &Path, std::string &Error) {
  std::unique_ptr<OutputFile> Out(new OutputFile(Path));
  struct stat Status;
  bool Exists = stat(Path.c_str(), &Status) == 0;
  if (Exists && S_ISDIR(Status.st_mode)) {
    Error = Path + ": cannot write: is a directory";
    return nullptr;
  }
  if (Exists && !S_ISREG(Status.st_mode)) { // a device or a pipe: as it is
    Out->Fd = open(Path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (Out->Fd < 0) {
      Error = cannotWrite(Path, errno);
      return nullptr;
    }
    Out->Stream = std::make_unique<FdStream>(Out->Fd);
    return Out;
  }
  std::string Pattern = Path + ".tmp-XXXXXX";
  std::vector<char> Name(Pattern.begin(), Pattern.end());
  Name.push_back('\0');
  Out->Fd = mkostemp(Name.data(), O_CLOEXEC);
  if (Out->Fd < 0) {
    Error = cannotWrite(Path, errno);
    return nullptr;
  }
  Out->Temp = Name.data();
  removeOnSignal(Out->Temp);
  // A file replaced keeps its mode (a source rewritten by --fix, a findings file kept
  // private); a new one gets the umask's, as any file the user creates (mkstemp's is 0600).
  fchmod(Out->Fd, Exists ? Status.st_mode & 07777 : 0666 & ~processUmask());
  Out->Stream = std::make_unique<FdStream>(Out->Fd);
  return Out;
}

void OutputFile::discard() {
  if (Temp.empty())
    return;
  unlink(Temp.c_str());
  forgetOnSignal(Temp);
  Temp.clear();
}

bool OutputFile::commit(std::string &Error) {
  Done = true;
  bool Written = Stream->flushAll();
  int CloseErrno = close(Fd) == 0 ? 0 : errno; // a device's or pipe's error may come at close
  Fd = -1;
  if (!Written || CloseErrno) {
    Error = cannotWrite(Path, !Written ? Stream->error().value() : CloseErrno);
    discard();
    return false;
  }
  if (Temp.empty())
    return true;
  if (rename(Temp.c_str(), Path.c_str()) != 0) {
    Error = cannotWrite(Path, errno);
    discard();
    return false;
  }
  forgetOnSignal(Temp);
  Temp.clear();
  return true;
}

OutputFile::~OutputFile() {
  if (Done)
    return;
  if (Stream)
    Stream->flushAll();
  if (Fd >= 0)
    close(Fd);
  discard();
}

} // namespace hostsync
