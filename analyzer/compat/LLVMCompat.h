// Every difference between the LLVM versions hostsync builds against (14 and 22) lives
// here, so the rest of the code is written once.
#pragma once

#include "clang/AST/Expr.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"

#include <initializer_list>

namespace hostsync {
namespace compat {

// StringRef::startswith was renamed starts_with (LLVM 17) and later removed.
inline bool startsWith(llvm::StringRef S, llvm::StringRef Prefix) {
  return S.size() >= Prefix.size() && S.substr(0, Prefix.size()) == Prefix;
}
inline bool endsWith(llvm::StringRef S, llvm::StringRef Suffix) {
  return S.size() >= Suffix.size() && S.substr(S.size() - Suffix.size()) == Suffix;
}
// StringSwitch::Cases changed its arity over versions; a plain membership test is enough.
inline bool isOneOf(llvm::StringRef S, std::initializer_list<llvm::StringRef> Set) {
  for (llvm::StringRef Candidate : Set)
    if (S == Candidate)
      return true;
  return false;
}
// StringLiteral::isAscii() became isOrdinary() in LLVM 15.
inline bool isOrdinaryString(const clang::StringLiteral *S) {
#if LLVM_VERSION_MAJOR >= 15
  return S->isOrdinary();
#else
  return S->isAscii();
#endif
}

// FileManager::getFile (returning a FileEntry) is gone in LLVM 22; getOptionalFileRef is
// in both. The location of line:column of a file, invalid when the file is unknown.
inline clang::SourceLocation fileLineColumn(clang::SourceManager &SM, llvm::StringRef Path,
                                            unsigned Line, unsigned Column) {
  auto Ref = SM.getFileManager().getOptionalFileRef(Path);
  return Ref ? SM.translateFileLineCol(&Ref->getFileEntry(), Line, Column)
             : clang::SourceLocation();
}

} // namespace compat
} // namespace hostsync
