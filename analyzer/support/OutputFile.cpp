#include "support/OutputFile.h"

namespace hostsync {

std::unique_ptr<OutputFile> OutputFile::create(const std::string &Path, std::string &Error) {
  std::unique_ptr<OutputFile> Out(new OutputFile(Path));
  llvm::sys::fs::file_status Status;
  bool Exists = !llvm::sys::fs::status(Path, Status);
  if (Exists && llvm::sys::fs::is_directory(Status)) {
    Error = Path + ": cannot write: is a directory";
    return nullptr;
  }
  if (Exists && !llvm::sys::fs::is_regular_file(Status)) { // a device or a pipe: as it is
    std::error_code EC;
    Out->Stream = std::make_unique<llvm::raw_fd_ostream>(Path, EC, llvm::sys::fs::OF_Text);
    if (EC) {
      Error = Path + ": cannot write: " + EC.message();
      return nullptr;
    }
    return Out;
  }
  llvm::Expected<llvm::sys::fs::TempFile> Temp =
      llvm::sys::fs::TempFile::create(Path + ".tmp-%%%%%%");
  if (!Temp) {
    Error = Path + ": cannot write: " + llvm::toString(Temp.takeError());
    return nullptr;
  }
  Out->Temp.emplace(std::move(*Temp));
  // A file replaced keeps its mode (a source rewritten by --fix, a findings file kept
  // private); the temporary file was created with the umask's.
  if (Exists)
    llvm::sys::fs::setPermissions(Out->Temp->FD, Status.permissions());
  Out->Stream = std::make_unique<llvm::raw_fd_ostream>(Out->Temp->FD, /*shouldClose=*/false);
  return Out;
}

bool OutputFile::commit(std::string &Error) {
  Done = true;
  if (Temp)
    Stream->flush();
  else
    Stream->close(); // a device's or pipe's error may come at close
  if (Stream->has_error()) {
    Error = Path + ": cannot write: " + Stream->error().message();
    Stream->clear_error(); // reported here, not by raw_fd_ostream's fatal error
    if (Temp)
      llvm::consumeError(Temp->discard());
    return false;
  }
  if (!Temp)
    return true;
  if (llvm::Error E = Temp->keep(Path)) {
    Error = Path + ": cannot write: " + llvm::toString(std::move(E));
    return false;
  }
  return true;
}

OutputFile::~OutputFile() {
  if (Stream) { // a write error is reported by commit(), never as LLVM's fatal error
    Stream->flush();
    Stream->clear_error();
    Stream.reset();
  }
  if (!Done && Temp)
    llvm::consumeError(Temp->discard());
}

} // namespace hostsync
