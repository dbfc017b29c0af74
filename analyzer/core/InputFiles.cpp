#include "core/InputFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdio>
#include <unistd.h>

namespace hostsync {

bool checkReadableFile(const std::string &Path, std::string &Error) {
  namespace fs = llvm::sys::fs;
  fs::file_status Status;
  if (fs::status(Path, Status) || !fs::exists(Status))
    Error = Path + ": no such file";
  else if (fs::is_directory(Status))
    Error = Path + ": is a directory, expected a file";
  else if (!fs::is_regular_file(Status))
    Error = Path + ": not a regular file";
  else if (::access(Path.c_str(), R_OK) != 0) // LLVM's AccessMode has no "read"
    Error = Path + ": cannot be read (permission denied)";
  else
    return true;
  return false;
}

bool stringMember(const llvm::json::Object *O, llvm::StringRef Key, std::string &Out) {
  if (auto S = O ? O->getString(Key) : decltype(O->getString(Key))()) {
    Out = S->str();
    return true;
  }
  return false;
}

bool integerMember(const llvm::json::Object *O, llvm::StringRef Key, int64_t &Out) {
  if (auto I = O ? O->getInteger(Key) : decltype(O->getInteger(Key))()) {
    Out = *I;
    return true;
  }
  return false;
}

bool readJsonFile(const std::string &Path, llvm::json::Value &Out, std::string &Error) {
  if (!checkReadableFile(Path, Error))
    return false;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = Path + ": cannot be read: " + Buffer.getError().message();
    return false;
  }
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse((*Buffer)->getBuffer());
  if (Parsed) {
    Out = std::move(*Parsed);
    return true;
  }
  // ParseError keeps its position private; its log is "[line:col, byte=n]: message".
  std::string Log = llvm::toString(Parsed.takeError());
  unsigned Line = 0, Column = 0, Offset = 0;
  int Used = 0;
  if (std::sscanf(Log.c_str(), "[%u:%u, byte=%u]: %n", &Line, &Column, &Offset, &Used) == 3 &&
      Used > 0)
    // Its column counts from 0; ours, like a compiler's, from 1.
    Error = Path + ":" + std::to_string(Line) + ":" + std::to_string(Column + 1) +
            ": not valid JSON: " + Log.substr(Used);
  else
    Error = Path + ": not valid JSON: " + Log;
  return false;
}

} // namespace hostsync
