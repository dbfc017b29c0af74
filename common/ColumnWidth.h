// How many terminal columns text takes, so that a caret under a source line points at the
// right character after "é" or "张量" (wide characters take two columns, combining marks
// none). No LLVM: the linter's writers are shared by its C++ and Python front ends.
#pragma once

#include <string_view>

namespace hostsync::text {

// The width of valid UTF-8 Text on a terminal, as glibc's wcwidth() gives it for each
// character under the C.UTF-8 locale; -1 when Text holds a character that is not printable
// (a control character) or is not valid UTF-8.
int columnWidth(std::string_view Text);

} // namespace hostsync::text
