#include "support/FdStream.h"

#include <unistd.h>

#include <cerrno>

namespace hostsync {

bool FdBuffer::writeAll(const char *Data, size_t Size) {
  while (Size && !Error) {
    ssize_t Written = ::write(Fd, Data, Size);
    if (Written < 0 && errno == EINTR)
      continue;
    if (Written <= 0) {
      Error = std::error_code(Written < 0 ? errno : EIO, std::generic_category());
      break;
    }
    Data += Written;
    Size -= static_cast<size_t>(Written);
  }
  return !Error;
}

bool FdBuffer::drain() {
  size_t Pending = static_cast<size_t>(pptr() - pbase());
  setp(Buffer, Buffer + sizeof(Buffer));
  if (Pending)
    writeAll(Buffer, Pending);
  return !Error;
}

FdBuffer::int_type FdBuffer::overflow(int_type C) {
  if (!drain())
    return traits_type::eof();
  if (!traits_type::eq_int_type(C, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(C);
    pbump(1);
  }
  return traits_type::not_eof(C);
}

std::streamsize FdBuffer::xsputn(const char *Data, std::streamsize Size) {
  if (Size <= epptr() - pptr()) {
    traits_type::copy(pptr(), Data, static_cast<size_t>(Size));
    pbump(static_cast<int>(Size));
    return Size;
  }
  if (!drain() || !writeAll(Data, static_cast<size_t>(Size)))
    return 0;
  return Size;
}

FdStream &standardOutput() {
  static FdStream Out(1);
  return Out;
}

} // namespace hostsync
