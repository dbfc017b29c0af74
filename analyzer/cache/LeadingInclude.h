// The header a source file begins with: the first thing its preprocessing reads, when that
// is a `#include <...>` (a LibTorch or standard header). A precompiled header of it can
// stand in front of the file without changing what the file means: the file's own
// `#include` of it is then skipped by its include guard, as a second inclusion would be.
//
// Read as text: blank lines, comments, `#pragma once` and an include guard's
// `#ifndef X` / `#define X` pair are passed over; a `#include "..."` of a project header is
// followed into that header (found next to the file that includes it, then in QuoteDirs),
// so that `#include "model.h"` whose first line includes <torch/torch.h> begins with it
// too. A macro definition before or between the headers (`#define NOMINMAX`: no quotes,
// no block comment, not a reserved name such as `_GNU_SOURCE`) is kept in the list in its
// place, as "#define NOMINMAX": the PCH defines it where the file does, and the file's own
// definition is then the same one again. Anything
// else first (a declaration, a conditional, a continued line) means the file has no such
// header, and is parsed as it is.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hostsync {

// "<torch/torch.h>", or nothing.
std::optional<std::string> leadingSystemInclude(const std::string &File,
                                                const std::vector<std::string> &QuoteDirs);

// The same, for a file's text (Dir: its directory, for quoted includes).
std::optional<std::string> leadingSystemIncludeOf(const std::string &Text, const std::string &Dir,
                                                  const std::vector<std::string> &QuoteDirs,
                                                  int Depth = 0);

// Every system header the file begins with, in order: the first as above, then each
// `#include <...>` that follows it with nothing but blank lines, comments and macro
// definitions between; a project header among them adds the list it begins with, and ends
// the list (its other code comes next). Macro definitions after the last header are left
// out. Empty for none.
std::vector<std::string> leadingSystemIncludes(const std::string &File,
                                               const std::vector<std::string> &QuoteDirs);
std::vector<std::string> leadingSystemIncludesOf(const std::string &Text, const std::string &Dir,
                                                 const std::vector<std::string> &QuoteDirs,
                                                 int Depth = 0);

// "#define NOMINMAX" in such a list.
bool isMacroEntry(const std::string &Entry);
// List without the macro definitions after its last header (they would only make PCHs of
// the same headers differ); empty when it holds no header.
std::vector<std::string> endingAtAHeader(std::vector<std::string> List);

// The longest list that every one of Lists begins with.
std::vector<std::string> commonPrefix(const std::vector<std::vector<std::string>> &Lists);

} // namespace hostsync
