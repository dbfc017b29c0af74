#include "input/InputPaths.h"

#include "symbolize/TraceStacks.h"

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hostsync::report {

namespace {
// stat(), with "PATH: no such file" (or the system's reason) on failure.
bool statPath(const std::string &path, struct stat &st, std::string &error) {
  if (path.empty()) { // "--trace ''": a script's unset variable
    error = "'': an empty path names no file";
    return false;
  }
  if (stat(path.c_str(), &st) == 0)
    return true;
  error = path + ": " + (errno == ENOENT ? "no such file or directory" : std::strerror(errno));
  return false;
}

// Opened for reading, and closed: what the readers will do later, tried now.
bool readable(const std::string &path, std::string &error) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = path + ": cannot read it: " + std::strerror(errno);
    return false;
  }
  close(fd);
  return true;
}

bool listable(const std::string &path, std::string &error) {
  DIR *d = opendir(path.c_str());
  if (!d) {
    error = path + ": cannot list it: " + std::strerror(errno);
    return false;
  }
  closedir(d);
  return true;
}

// A folder's trace files that are files; the others said in warnings.
bool traceFilesOf(const std::string &dir, std::vector<std::string> &kept,
                  std::vector<std::string> &warnings, std::string &error) {
  std::vector<std::string> listed;
  if (!listable(dir, error) || !trace::traceFilesIn({dir}, listed, error))
    return false;
  size_t before = kept.size();
  for (const std::string &f : listed) {
    struct stat st;
    if (!statPath(f, st, error))
      return false;
    if (!S_ISREG(st.st_mode)) {
      warnings.push_back(f + ": is " + kindOf(st.st_mode) + ", not a trace file: skipped");
      continue;
    }
    if (!readable(f, error))
      return false;
    kept.push_back(f);
  }
  if (kept.size() == before) {
    error = dir + ": no trace-*.json files in this directory";
    return false;
  }
  return true;
}
} // namespace

std::string kindOf(unsigned mode) {
  return S_ISDIR(mode)                    ? "a folder"
         : S_ISFIFO(mode)                 ? "a pipe"
         : S_ISSOCK(mode)                 ? "a socket"
         : S_ISCHR(mode) || S_ISBLK(mode) ? "a device"
         : S_ISREG(mode)                  ? "a file"
                                          : "not a file";
}

bool checkInputFile(const std::string &path, const std::string &option, std::string &error) {
  struct stat st;
  if (!statPath(path, st, error))
    return false;
  // Only a regular file: a pipe would be read twice (the gzip test, then the text) and a
  // folder makes the stream throw.
  if (!S_ISREG(st.st_mode)) {
    error = path + ": is " + kindOf(st.st_mode) + ", not a file (" + option + " takes a file)";
    return false;
  }
  return readable(path, error);
}

bool listTraceFiles(const std::vector<std::string> &inputs, std::vector<std::string> &files,
                    std::vector<std::string> &warnings, std::string &error) {
  std::vector<std::string> kept;
  for (const std::string &in : inputs) {
    struct stat st;
    if (!statPath(in, st, error))
      return false;
    if (S_ISDIR(st.st_mode)) {
      if (!traceFilesOf(in, kept, warnings, error))
        return false;
    } else if (S_ISREG(st.st_mode)) {
      if (!readable(in, error))
        return false;
      kept.push_back(in);
    } else {
      error = in + ": is " + kindOf(st.st_mode) + ", not a trace file or a folder of them";
      return false;
    }
  }
  // Each file once (itself and its folder given, or two paths to one file).
  return trace::traceFilesIn(kept, files, error);
}

} // namespace hostsync::report
