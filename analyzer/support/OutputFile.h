// A file hostsync-lint writes (-o, --write-baseline, --export-fixes, a source rewritten by
// --fix), replaced whole or not at all: written to a temporary file beside it (removed if the
// run fails or is interrupted by SIGINT/SIGTERM) and renamed over it once complete, so an
// interrupted or failed run leaves the previous file as it was; a file replaced keeps its
// permissions. A path that is not a regular file (/dev/stdout, a pipe) is written directly.
#pragma once

#include "support/FdStream.h"

#include <memory>
#include <ostream>
#include <string>

namespace hostsync {

class OutputFile {
public:
  // Creates the temporary file now, so that an unwritable place fails before the analysis.
  // Null with a one-line Error ("<path>: cannot write: ...").
  static std::unique_ptr<OutputFile> create(const std::string &Path, std::string &Error);
  ~OutputFile();

  std::ostream &stream() { return *Stream; }
  // Flushes and puts the file in place; false with Error on a write error (a full disk).
  bool commit(std::string &Error);

private:
  explicit OutputFile(std::string Path) : Path(std::move(Path)) {}
  void discard();
  std::string Path;
  std::string Temp; // "" when writing directly
  int Fd = -1;
  std::unique_ptr<FdStream> Stream;
  bool Done = false;
};

} // namespace hostsync
