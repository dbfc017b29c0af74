// Small readings of plain text the linter's core shares (options, --shard, --diff's hunk
// headers): without LLVM's StringRef, which they used before the core left LLVM.
#pragma once

#include <string>

namespace hostsync {

// S without the blanks (spaces, tabs, line ends) it starts and ends with.
std::string trimmed(const std::string &S);

// A whole decimal number of digits only (no sign, no blanks), at most Max; false otherwise.
bool parseDecimal(const std::string &Text, unsigned Max, unsigned &Out);

} // namespace hostsync
