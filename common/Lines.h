// Lines of a source text counted as Clang counts them (SourceManager's line table): "\r\n",
// a lone "\r" and "\n" each end a line. Findings carry Clang's line and column (1-based,
// the column in bytes); these turn them into offsets of the text and back, so that a file
// with Windows or old Mac line endings is read at the lines Clang reported.
#pragma once

#include <cstddef>
#include <string_view>
#include <utility>

namespace hostsync::text {

// The offset of Column on Line, clamped to the text's size.
size_t offsetOf(std::string_view Text, unsigned Line, unsigned Column);

// The line and column of Offset.
std::pair<unsigned, unsigned> lineColumnOf(std::string_view Text, size_t Offset);

// The line that holds Offset, without its line break.
std::string_view lineAt(std::string_view Text, size_t Offset);

} // namespace hostsync::text
