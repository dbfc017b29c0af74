// The header a source file begins with: the first thing its preprocessing reads, when that
// is a `#include <...>` (a LibTorch or standard header). A precompiled header of it can
// stand in front of the file without changing what the file means: the file's own
// `#include` of it is then skipped by its include guard, as a second inclusion would be.
//
// Read as text: blank lines, comments, `#pragma once` and an include guard's
// `#ifndef X` / `#define X` pair are passed over; a `#include "..."` of a project header is
// followed into that header (found next to the file that includes it, then in QuoteDirs),
// so that `#include "model.h"` whose first line includes <torch/torch.h> begins with it
// too. Anything else first (a macro definition, a declaration, a conditional) means the
// file has no such header, and is parsed as it is.
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
// `#include <...>` that follows it with nothing but blank lines and comments between; a
// first header found inside a project header gives that header's list. Empty for none.
std::vector<std::string> leadingSystemIncludes(const std::string &File,
                                               const std::vector<std::string> &QuoteDirs);
std::vector<std::string> leadingSystemIncludesOf(const std::string &Text, const std::string &Dir,
                                                 const std::vector<std::string> &QuoteDirs,
                                                 int Depth = 0);

// The longest list that every one of Lists begins with.
std::vector<std::string> commonPrefix(const std::vector<std::vector<std::string>> &Lists);

} // namespace hostsync
