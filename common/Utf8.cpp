#include "common/Utf8.h"

namespace hostsync::text {

namespace {
// The length of the well-formed UTF-8 sequence that starts at Text[I], or 0 if none does.
size_t sequenceAt(std::string_view Text, size_t I) {
  auto Byte = [&](size_t K) { return static_cast<unsigned char>(Text[K]); };
  unsigned char B = Byte(I);
  if (B < 0x80)
    return 1;
  // The bounds of the second byte, which table 3-7 narrows for E0, ED, F0 and F4; the
  // bytes after it are always 80..BF.
  size_t Length;
  unsigned char Low = 0x80, High = 0xBF;
  if (B >= 0xC2 && B <= 0xDF)
    Length = 2;
  else if (B >= 0xE0 && B <= 0xEF) {
    Length = 3;
    Low = B == 0xE0 ? 0xA0 : 0x80;  // no overlong forms
    High = B == 0xED ? 0x9F : 0xBF; // no surrogates
  } else if (B >= 0xF0 && B <= 0xF4) {
    Length = 4;
    Low = B == 0xF0 ? 0x90 : 0x80;  // no overlong forms
    High = B == 0xF4 ? 0x8F : 0xBF; // nothing above U+10FFFF
  } else
    return 0;
  if (I + Length > Text.size() || Byte(I + 1) < Low || Byte(I + 1) > High)
    return 0;
  for (size_t K = I + 2; K < I + Length; ++K)
    if (Byte(K) < 0x80 || Byte(K) > 0xBF)
      return 0;
  return Length;
}

constexpr std::string_view StoredMark = "\xEF\xBF\xBF"; // U+FFFF, a noncharacter
constexpr char Hex[] = "0123456789abcdef";

int hexValue(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'f')
    return C - 'a' + 10;
  return -1;
}
} // namespace

bool isValidUtf8(std::string_view Text) {
  for (size_t I = 0; I < Text.size();) {
    size_t N = sequenceAt(Text, I);
    if (!N)
      return false;
    I += N;
  }
  return true;
}

std::string validUtf8(std::string_view Text) {
  if (isValidUtf8(Text))
    return std::string(Text);
  std::string Out;
  Out.reserve(Text.size() + 16);
  for (size_t I = 0; I < Text.size();) {
    if (size_t N = sequenceAt(Text, I)) {
      Out.append(Text.substr(I, N));
      I += N;
      continue;
    }
    auto B = static_cast<unsigned char>(Text[I++]);
    Out += "\\x";
    Out += Hex[B >> 4];
    Out += Hex[B & 15];
  }
  return Out;
}

std::string storedText(std::string_view Text) {
  if (Text.substr(0, StoredMark.size()) != StoredMark && isValidUtf8(Text))
    return std::string(Text);
  std::string Out(StoredMark);
  for (unsigned char B : Text) {
    Out += Hex[B >> 4];
    Out += Hex[B & 15];
  }
  return Out;
}

bool fromStoredText(std::string_view Stored, std::string &Out) {
  if (Stored.substr(0, StoredMark.size()) != StoredMark) {
    Out = std::string(Stored);
    return true;
  }
  std::string_view Digits = Stored.substr(StoredMark.size());
  if (Digits.size() % 2)
    return false;
  std::string Bytes;
  Bytes.reserve(Digits.size() / 2);
  for (size_t I = 0; I < Digits.size(); I += 2) {
    int High = hexValue(Digits[I]), Low = hexValue(Digits[I + 1]);
    if (High < 0 || Low < 0)
      return false;
    Bytes += static_cast<char>(High * 16 + Low);
  }
  Out = std::move(Bytes);
  return true;
}

} // namespace hostsync::text
