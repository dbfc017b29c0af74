// Every difference between the LLVM versions hostsync builds against (14 and 22) lives
// here, so the rest of the code is written once.
#pragma once

#include "clang/AST/Expr.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Option/OptTable.h"
#if LLVM_VERSION_MAJOR >= 22
#include "clang/Options/Options.h"
#else
#include "clang/Driver/Options.h"
#endif

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

// Clang's driver options moved from clang::driver to clang (LLVM 22).
inline const llvm::opt::OptTable &driverOptTable() {
#if LLVM_VERSION_MAJOR >= 22
  return clang::getDriverOptTable();
#else
  return clang::driver::getDriverOptTable();
#endif
}

// The newest CUDA toolkit whose headers this Clang's CUDA front end reads: Clang 14's
// wrappers stop at 11.5; Clang 22 reads 13.0 (checked with /usr/local/cuda here).
constexpr int NewestCudaToolkit = LLVM_VERSION_MAJOR >= 20 ? 13090 : 11050;

} // namespace compat
} // namespace hostsync
