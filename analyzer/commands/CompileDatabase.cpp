#include "commands/CompileDatabase.h"

#include "core/InputFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace hostsync {

namespace {
using Json = nlohmann::ordered_json;

// "" when the entry has what a compile command needs, else what it lacks.
std::string missingPart(const Json &E) {
  std::string S;
  if (!E.is_object())
    return "is not an object";
  if (!stringMember(E, "directory", S))
    return "needs \"directory\" (a string)";
  if (!stringMember(E, "file", S))
    return "needs \"file\" (a string)";
  if (stringMember(E, "command", S))
    return "";
  auto Args = E.find("arguments");
  if (Args == E.end() || !Args->is_array())
    return "needs \"command\" (a string) or \"arguments\" (an array of strings)";
  for (const Json &A : *Args)
    if (!A.is_string())
      return "\"arguments\" must hold only strings";
  return "";
}
} // namespace

bool loadCompileDatabase(const std::string &DbFile, CompileDatabase &Out, std::string &Error) {
  Json Doc;
  if (!readJsonFile(DbFile, Doc, Error))
    return false;
  Json *Entries = &Doc;
  if (!Entries->is_array()) {
    Error = DbFile + ": expected an array of compile commands";
    return false;
  }
  if (Entries->empty()) {
    Error = DbFile + ": lists no files";
    return false;
  }
  llvm::SmallString<256> DbDir(DbFile);
  llvm::sys::fs::make_absolute(DbDir);
  llvm::sys::path::remove_filename(DbDir);
  for (size_t I = 0; I < Entries->size(); ++I) {
    Json &E = (*Entries)[I];
    std::string Entry = "entry " + std::to_string(I + 1), Directory, File;
    if (std::string Lacks = missingPart(E); !Lacks.empty()) {
      Error = DbFile + ": " + Entry + " " + Lacks;
      return false;
    }
    stringMember(E, "directory", Directory);
    stringMember(E, "file", File);
    // A "file" that names a folder ("src/", "/tmp/."): Clang's loader puts every file in a
    // trie by path component, and two such entries make it recurse until the stack
    // overflows (a segmentation fault of hostsync-lint, found by fuzz_compile_db).
    llvm::StringRef Name = llvm::sys::path::filename(File);
    if (Name.empty() || Name == "." || Name == "..") {
      Error =
          DbFile + ": " + Entry + ": \"file\": \"" + File + "\" names a folder, not a source file";
      return false;
    }
    llvm::SmallString<256> Dir(Directory);
    if (!llvm::sys::path::is_absolute(Dir)) {
      Dir = DbDir;
      llvm::sys::path::append(Dir, Directory);
      llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
      E["directory"] = std::string(Dir);
    }
    llvm::SmallString<256> Path(File);
    if (!llvm::sys::path::is_absolute(Path)) {
      Path = Dir;
      llvm::sys::path::append(Path, File);
    }
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    if (llvm::sys::fs::is_directory(Path)) {
      Error = DbFile + ": " + Entry + ": " + std::string(Path) + ": is a folder, not a source file";
      return false;
    }
    if (!llvm::sys::fs::exists(Path))
      Out.Missing.push_back(DbFile + ": " + Entry + ": " + std::string(Path) + ": no such file");
    Out.Files.push_back(std::string(Path));
  }
  // Clang's loader, on the checked text with the directories made absolute.
  std::string Text = Doc.dump(); // valid UTF-8: the parse checked every string
  Out.Db = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
      Text, Error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Out.Db) {
    Error = DbFile + ": " + Error;
    return false;
  }
  return true;
}

} // namespace hostsync
