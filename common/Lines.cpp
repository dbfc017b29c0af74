#include "common/Lines.h"

#include <algorithm>

namespace hostsync::text {

namespace {
// The offset just past the line break that starts at At ("\r\n" is one).
size_t pastBreak(std::string_view Text, size_t At) {
  return At + (Text[At] == '\r' && At + 1 < Text.size() && Text[At + 1] == '\n' ? 2 : 1);
}

// The offset where the line that holds Offset begins, and its number. A line break belongs
// to the line it ends.
std::pair<size_t, unsigned> lineStart(std::string_view Text, size_t Offset) {
  size_t Start = 0;
  unsigned Line = 1;
  for (;;) {
    size_t At = Text.find_first_of("\r\n", Start);
    if (At == std::string_view::npos || At >= Offset)
      return {Start, Line};
    size_t Next = pastBreak(Text, At);
    if (Next > Offset) // Offset is the "\n" of a "\r\n"
      return {Start, Line};
    Start = Next;
    ++Line;
  }
}
} // namespace

size_t offsetOf(std::string_view Text, unsigned Line, unsigned Column) {
  size_t Start = 0;
  for (unsigned L = 1; L < Line; ++L) {
    size_t At = Text.find_first_of("\r\n", Start);
    if (At == std::string_view::npos)
      return Text.size();
    Start = pastBreak(Text, At);
  }
  return std::min(Text.size(), Start + (Column ? Column - 1 : 0));
}

std::pair<unsigned, unsigned> lineColumnOf(std::string_view Text, size_t Offset) {
  Offset = std::min(Offset, Text.size());
  auto [Start, Line] = lineStart(Text, Offset);
  return {Line, unsigned(Offset - Start + 1)};
}

std::string_view lineAt(std::string_view Text, size_t Offset) {
  Offset = std::min(Offset, Text.size());
  size_t Start = lineStart(Text, Offset).first;
  size_t End = std::min(Text.find_first_of("\r\n", Start), Text.size());
  return Text.substr(Start, End - Start);
}

} // namespace hostsync::text
