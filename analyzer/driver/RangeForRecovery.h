// Clang drops a for loop whose range (range-for) or condition (classic for) does not
// compile, and with it every statement of its body. On real training code with a header
// missing (OpenCV, a dataset or option library), that is the loop over the data loader,
// `for (auto &batch : *loader)`, or over the epochs, `for (e = 0; e != num_epochs; ++e)`:
// where the syncs of the training step are. This finds the loops a parse dropped and
// rewrites, in memory, the range to an opaque range of hostsync's and the condition to
// `true`, so that a second parse keeps the body: statements that use what is unknown stay
// invalid, the others are analysed. (if, while, do and switch keep their bodies.)
// A variable declared `auto x = <what does not compile>` gets, the same way, an opaque
// value that converts to anything, so that a hyper-parameter read from a missing option
// library (`auto lr = args["lr"].as<double>()`) no longer poisons every statement that
// uses it; a chain of such variables is freed one link per parse.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>
#include <string>
#include <vector>

namespace hostsync {

struct RangeRewrite {
  std::string File;       // absolute path as the parse saw it
  unsigned Begin, End;    // offsets, in the text that parse saw, of what is replaced
  enum Kind {
    Range,        // a range-for's range: an opaque range
    ExampleRange, // one whose body reads <var>.data / .target: a LibTorch data loader
    Condition,    // a classic for's condition: `true`
    Initializer,  // `auto x = <invalid>;`: an opaque value
  } What = Range;
};

// The for loops written in the user's files (not system headers) that are missing from
// the AST of TopLevel, and the first invalid `auto` variables' initializers.
std::vector<RangeRewrite> droppedRangeFors(clang::ASTContext &Ctx,
                                           const std::vector<clang::Decl *> &TopLevel);

// Applies rewrites found by one parse to the texts that parse saw (Texts: path -> the
// rewritten text so far; files not in it are read from disk).
void applyRewrites(const std::vector<RangeRewrite> &Rewrites,
                   std::map<std::string, std::string> &Texts);
// Adds the rewritten files, and the header that declares the opaque types, to FS.
// Returns the flags that include that header.
std::vector<std::string> addRewrittenFiles(llvm::vfs::InMemoryFileSystem &FS,
                                           const std::map<std::string, std::string> &Texts);

} // namespace hostsync
