#include "output/OutputDir.h"

#include "input/InputPaths.h"
#include "io/AtomicFile.h"

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace hostsync::report {

namespace {
bool writableDir(const std::string &dir) { return access(dir.c_str(), W_OK | X_OK) == 0; }

// A missing folder: the nearest folder above it that exists must take new entries.
bool creatable(const std::string &dir, std::string &error) {
  std::string above = dir;
  struct stat st;
  int found;
  do {
    above = hostsync::trace::parentDirectory(above);
    found = stat(above.c_str(), &st);
  } while (found != 0 && above != "/" && above != ".");
  if (found != 0) {
    error = dir + ": cannot create it: " + std::strerror(errno);
    return false;
  }
  if (!S_ISDIR(st.st_mode)) {
    error = dir + ": cannot create it: " + above + " is " + kindOf(st.st_mode) + ", not a folder";
    return false;
  }
  if (!writableDir(above)) {
    error = dir + ": cannot create it in " + above + ": " + std::strerror(errno);
    return false;
  }
  return true;
}

// An output must be a file the report may replace: not a folder, not an input.
bool replaceable(const std::string &path,
                 const std::vector<std::pair<std::string, std::string>> &inputs,
                 std::string &error) {
  struct stat out;
  if (stat(path.c_str(), &out) != 0)
    return true; // written new
  if (!S_ISREG(out.st_mode)) {
    error = path + ": is " + kindOf(out.st_mode) + "; the report cannot replace it";
    return false;
  }
  for (const auto &[input, option] : inputs) {
    struct stat in;
    if (stat(input.c_str(), &in) == 0 && in.st_dev == out.st_dev && in.st_ino == out.st_ino) {
      error = path + ": is also an input (" + option + " " + input +
              "); write the report elsewhere (-o DIR)";
      return false;
    }
  }
  return true;
}
} // namespace

bool checkOutputDir(const std::string &dir, const std::vector<std::string> &names,
                    const std::vector<std::pair<std::string, std::string>> &inputs,
                    std::string &error) {
  if (dir.empty()) { // "-o ''": a script's unset variable
    error = "'': an empty path names no folder (-o DIR)";
    return false;
  }
  struct stat st;
  if (stat(dir.c_str(), &st) != 0) {
    if (errno != ENOENT && errno != ENOTDIR) {
      error = dir + ": " + std::strerror(errno);
      return false;
    }
    return creatable(dir, error);
  }
  if (!S_ISDIR(st.st_mode)) {
    error =
        dir + ": is " + kindOf(st.st_mode) + ", not a folder (-o names the folder of the report)";
    return false;
  }
  if (!writableDir(dir)) {
    error = dir + ": cannot write in it: " + std::strerror(errno);
    return false;
  }
  for (const std::string &name : names)
    if (!replaceable(dir + "/" + name, inputs, error))
      return false;
  return true;
}

bool makeOutputDir(const std::string &dir, std::string &error) {
  for (size_t slash = dir.find('/', 1);; slash = dir.find('/', slash + 1)) {
    std::string part = dir.substr(0, slash);
    if (mkdir(part.c_str(), 0755) != 0 && errno != EEXIST) {
      error = dir + ": cannot create it: " + std::strerror(errno);
      return false;
    }
    if (slash == std::string::npos)
      return true;
  }
}

} // namespace hostsync::report
