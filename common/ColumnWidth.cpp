#include "common/ColumnWidth.h"

#include <clocale>
#include <cwchar>
#include <locale.h>

namespace hostsync::text {

namespace {
// The code point at Text[I], advancing I; -1 for a byte that does not begin a well-formed
// sequence (the writers pass text through validUtf8 first, so this is a guard).
long nextCodePoint(std::string_view Text, size_t &I) {
  unsigned char Lead = static_cast<unsigned char>(Text[I++]);
  if (Lead < 0x80)
    return Lead;
  int More = Lead >= 0xF0 ? 3 : Lead >= 0xE0 ? 2 : Lead >= 0xC0 ? 1 : -1;
  if (More < 0 || I + static_cast<size_t>(More) > Text.size())
    return -1;
  long Code = Lead & (0x3F >> More);
  for (int K = 0; K < More; ++K) {
    unsigned char Next = static_cast<unsigned char>(Text[I++]);
    if ((Next & 0xC0) != 0x80)
      return -1;
    Code = (Code << 6) | (Next & 0x3F);
  }
  return Code;
}

// wcwidth() reads LC_CTYPE: a UTF-8 locale for this thread only, whatever the process's is.
locale_t utf8Locale() {
  static const locale_t Locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nullptr);
  return Locale;
}
} // namespace

int columnWidth(std::string_view Text) {
  locale_t Utf8 = utf8Locale();
  locale_t Before = Utf8 ? uselocale(Utf8) : nullptr;
  int Width = 0;
  for (size_t I = 0; I < Text.size() && Width >= 0;) {
    long Code = nextCodePoint(Text, I);
    int W = Code < 0      ? -1
            : Code < 0x80 ? (Code >= 0x20 && Code < 0x7F ? 1 : -1)
                          : (Utf8 ? wcwidth(static_cast<wchar_t>(Code)) : 1);
    Width = W < 0 ? -1 : Width + W;
  }
  if (Before)
    uselocale(Before);
  return Width;
}

} // namespace hostsync::text
