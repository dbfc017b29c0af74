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
  // Back from Offset to the break before its line (not from the text's start: a linter asks
  // for the line of every finding and call, and a scan from the start each time is
  // quadratic in a long file). At the "\n" of a "\r\n", the line is the one it ends.
  size_t At = Offset;
  if (At < Text.size() && Text[At] == '\n' && At > 0 && Text[At - 1] == '\r')
    --At;
  size_t Before = At == 0 ? std::string_view::npos : Text.find_last_of("\r\n", At - 1);
  size_t Start = Before == std::string_view::npos ? 0 : Before + 1;
  size_t End = std::min(Text.find_first_of("\r\n", Start), Text.size());
  return Text.substr(Start, End - Start);
}

} // namespace hostsync::text
