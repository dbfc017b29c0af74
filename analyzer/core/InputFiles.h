// Reading an input file (a baseline, a compile database, a configuration) with errors in our
// own words: "<path>: is a directory, expected a file", and for JSON
// "<path>:<line>:<column>: not valid JSON: <what>"; the caller adds what the content should
// have been.
#pragma once

#include "llvm/Support/JSON.h"

#include <string>

namespace hostsync {

// False with a one-line Error when Path is missing, not a regular file, unreadable, or not
// JSON.
bool readJsonFile(const std::string &Path, llvm::json::Value &Out, std::string &Error);

// Checks that Path names a regular file that can be read ("<path>: is a directory").
bool checkReadableFile(const std::string &Path, std::string &Error);

// A member of the given type (false when O is null, the key is absent or of another type).
// llvm::json answers llvm::Optional in LLVM 14 and std::optional in LLVM 22; these read both.
bool stringMember(const llvm::json::Object *O, llvm::StringRef Key, std::string &Out);
bool integerMember(const llvm::json::Object *O, llvm::StringRef Key, int64_t &Out);

} // namespace hostsync
