// compile_commands.json read strictly, before any file is analysed: Clang's own loader takes
// a truncated file or a trailing comma as an empty database (the run then "passes" with
// nothing analysed), takes a relative "directory" against the current directory, and finds
// a missing file only when it comes to compile it. Here each is an input error naming the
// file, the position or the entry.
#pragma once

#include "clang/Tooling/JSONCompilationDatabase.h"

#include <memory>
#include <string>
#include <vector>

namespace hostsync {

struct CompileDatabase {
  std::unique_ptr<clang::tooling::CompilationDatabase> Db;
  std::vector<std::string> Files; // each entry's file, absolute, in the database's order
  // "<db>: entry 4: /src/gen.cpp: no such file", for each entry whose file is not there (a
  // generated source not built yet): an error when the whole database is to be analysed.
  std::vector<std::string> Missing;
};

// Reads and checks DbFile: JSON syntax ("compile_commands.json:3:14: not valid JSON: ..."),
// shape (an array of objects with "directory", "file" and "command" or "arguments"). A
// relative "directory" is taken against the database's own folder,
// as the format says. False with a one-line Error.
bool loadCompileDatabase(const std::string &DbFile, CompileDatabase &Out, std::string &Error);

} // namespace hostsync
