#pragma once
// The parser skips the bodies of functions defined in system headers (LibTorch's, the C++
// library's, the CUDA stand-in's). The analysis never reads them (only the user's
// declarations are walked, RunRules.cpp), and parsing them was a third of a file's parse
// from source: 9.4 s -> 6.3 s for examples/masked_loss.cpp against <torch/torch.h>. Clang
// still parses a body it needs to go on: a constexpr function's, and one whose return type
// is deduced (Sema::canSkipFunctionBody). A template instantiated from the user's code with a
// skipped body gets none, as in clangd's preambles.
#include "clang/AST/ASTConsumer.h"

#include <memory>

namespace clang {
class CompilerInstance;
}

namespace hostsync {

// Consumer, with the parse of CI set to skip the bodies of functions in system headers.
std::unique_ptr<clang::ASTConsumer>
skippingHeaderBodies(clang::CompilerInstance &CI, std::unique_ptr<clang::ASTConsumer> Consumer);

} // namespace hostsync
