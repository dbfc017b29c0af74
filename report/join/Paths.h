// Paths from different machines meet here: the analyzer's (as compiled) and the traced
// binary's debug info (as built, perhaps on the GPU machine) are made relative to the
// source root, and a traced path that still matches no analysed file is matched by its
// longest common tail of path components (".../examples/masked_loss/masked_loss.cpp").
#pragma once

#include <string>
#include <vector>

namespace hostsync::report {

// Relative to root when under it, else unchanged (lexically: no file system access).
std::string relativeTo(const std::string &path, const std::string &root);

// The known file that path most likely names, or path itself when none shares at least its
// file name (ties between equally long tails leave it unmatched).
std::string matchKnownFile(const std::string &path, const std::vector<std::string> &known);

// The text of a source line (leading blanks dropped), read from file or root/file; "" when
// neither can be read.
std::string sourceLine(const std::string &file, int line, const std::string &root);

} // namespace hostsync::report
