// Clang drops a range-based for loop whose range does not compile, and with it every
// statement of its body. On real training code with a header missing (OpenCV, a dataset
// library), that is the loop over the data loader: `for (auto &batch : *loader)`, where the
// syncs of the training step are. This finds the loops a parse dropped and rewrites their
// range, in memory, to an opaque range of hostsync's, so that a second parse keeps the
// body: statements that use the loop variable stay invalid, the others are analysed.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <string>
#include <vector>

namespace hostsync {

struct RangeRewrite {
  std::string File;       // absolute path as the parse saw it
  unsigned Begin, End;    // offsets of the range expression
  bool ExampleLike = false; // the body reads <var>.data / .target: a LibTorch data loader
};

// The range-for loops written in the user's files (not system headers) that are missing
// from the AST of TopLevel.
std::vector<RangeRewrite> droppedRangeFors(clang::ASTContext &Ctx,
                                           const std::vector<clang::Decl *> &TopLevel);

// Adds the rewritten files, and the header that declares the opaque range, to FS.
// Returns the flags that include that header.
std::vector<std::string> addRangeRewrites(llvm::vfs::InMemoryFileSystem &FS,
                                          const std::vector<RangeRewrite> &Rewrites);

} // namespace hostsync
