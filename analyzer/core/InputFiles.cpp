#include "core/InputFiles.h"

#include "common/JsonSyntax.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sys/stat.h>
#include <unistd.h>

namespace hostsync {

bool checkReadableFile(const std::string &Path, std::string &Error) {
  struct stat Status;
  if (::stat(Path.c_str(), &Status) != 0)
    Error = Path + ": no such file";
  else if (S_ISDIR(Status.st_mode))
    Error = Path + ": is a directory, expected a file";
  else if (!S_ISREG(Status.st_mode))
    Error = Path + ": not a regular file";
  else if (::access(Path.c_str(), R_OK) != 0)
    Error = Path + ": cannot be read (permission denied)";
  else
    return true;
  return false;
}

bool stringMember(const nlohmann::ordered_json &O, const char *Key, std::string &Out) {
  if (!O.is_object())
    return false;
  auto It = O.find(Key);
  if (It == O.end() || !It->is_string())
    return false;
  Out = It->get<std::string>();
  return true;
}

bool integerMember(const nlohmann::ordered_json &O, const char *Key, int64_t &Out) {
  if (!O.is_object())
    return false;
  auto It = O.find(Key);
  if (It == O.end() || !It->is_number_integer())
    return false;
  Out = It->get<int64_t>();
  return true;
}

bool readJsonFile(const std::string &Path, nlohmann::ordered_json &Out, std::string &Error) {
  if (!checkReadableFile(Path, Error))
    return false;
  std::ifstream In(Path, std::ios::binary);
  std::string Text(std::istreambuf_iterator<char>(In), {});
  if (!In && !In.eof()) {
    Error = Path + ": cannot be read: " + std::strerror(errno);
    return false;
  }
  text::JsonSyntaxError Bad;
  if (text::parseJsonText(Text, Out, Bad))
    return true;
  Error = Path + ":" + Bad.where + ": not valid JSON: " + Bad.what;
  return false;
}

} // namespace hostsync
