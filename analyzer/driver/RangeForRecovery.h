// Clang drops a for loop whose range (range-for) or condition (classic for) does not
// compile, and with it every statement of its body. On real training code with a header
// missing (OpenCV, a dataset or option library), that is the loop over the data loader,
// `for (auto &batch : *loader)`, or over the epochs, `for (e = 0; e != num_epochs; ++e)`:
// where the syncs of the training step are. This finds the loops a parse dropped and
// rewrites, in memory, the range to an opaque range of hostsync's and the condition to
// `true`, so that a second parse keeps the body: statements that use what is unknown stay
// invalid, the others are analysed. (if, while, do and switch keep their bodies.)
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <string>
#include <vector>

namespace hostsync {

struct RangeRewrite {
  std::string File;       // absolute path as the parse saw it
  unsigned Begin, End;    // offsets of the range expression, or of the condition
  bool Classic = false;   // a classic for: the condition becomes `true`
  bool ExampleLike = false; // the body reads <var>.data / .target: a LibTorch data loader
};

// The for loops written in the user's files (not system headers) that are missing from
// the AST of TopLevel.
std::vector<RangeRewrite> droppedRangeFors(clang::ASTContext &Ctx,
                                           const std::vector<clang::Decl *> &TopLevel);

// Adds the rewritten files, and the header that declares the opaque range, to FS.
// Returns the flags that include that header.
std::vector<std::string> addRangeRewrites(llvm::vfs::InMemoryFileSystem &FS,
                                          const std::vector<RangeRewrite> &Rewrites);

} // namespace hostsync
