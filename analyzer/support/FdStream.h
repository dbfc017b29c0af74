// A std::ostream over a file descriptor that keeps the first write error (errno), so that a
// full disk, a file-size limit or a closed pipe becomes one line of error ("cannot write: No
// space left on device"), which std::ofstream cannot say.
#pragma once

#include <ostream>
#include <streambuf>
#include <string>
#include <system_error>

namespace hostsync {

class FdBuffer : public std::streambuf {
public:
  explicit FdBuffer(int Fd) : Fd(Fd) { setp(Buffer, Buffer + sizeof(Buffer)); }
  ~FdBuffer() override { drain(); }
  // Writes what is buffered; false once any write has failed.
  bool drain();
  std::error_code error() const { return Error; }

protected:
  int_type overflow(int_type C) override;
  std::streamsize xsputn(const char *Data, std::streamsize Size) override;
  int sync() override { return drain() ? 0 : -1; }

private:
  bool writeAll(const char *Data, size_t Size);
  int Fd;
  std::error_code Error;
  char Buffer[1 << 16];
};

class FdStream : public std::ostream {
public:
  explicit FdStream(int Fd) : std::ostream(nullptr), Buf(Fd) { rdbuf(&Buf); }
  bool flushAll() { return Buf.drain(); }
  std::error_code error() const { return Buf.error(); }

private:
  FdBuffer Buf;
};

// The standard output as an FdStream, for outputs written by the core's writers (the one
// stream of the process for fd 1: callers flush any other writer of fd 1 first).
FdStream &standardOutput();

} // namespace hostsync
