// Syncs in code that the analysis did not see. Two kinds of code are never analysed: what
// the preprocessor leaves out of the build being parsed (`#ifdef USE_GPU` in a CPU build,
// `#ifdef DEBUG`, a timing macro's switch), and what did not compile (a statement, a
// declaration, a template's body that Clang dropped for an error: a missing header, a
// construct nvcc accepts and Clang does not). A sync written there would be lost without a
// word. The text of both is read instead, for the calls that sync whatever their arguments
// (the CUDA runtime's waits and blocking copies, Thrust algorithms under a device policy,
// and a macro of the project's whose body holds one), and, in a block the preprocessor left
// out for being a GPU build's (its condition names GPU or CUDA), for the tensor moves and
// reads of LibTorch (.to(kCUDA), .cuda(), .to(kCPU), .cpu(), .item()). Each is reported as
// a note at the rule of its op, saying why it was not analysed; a line that already holds
// a finding gets none.
#pragma once

#include "model/Finding.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/MacroInfo.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hostsync {

// A block of a user's file that the preprocessor skipped.
struct SkippedBlock {
  clang::SourceRange Range;
  std::string Condition;  // the directive that decided it: "#ifdef USE_GPU", "#else of ..."
  bool GpuBuild = false;  // the code of a GPU build (its condition names GPU/CUDA)
  bool Commented = false; // #if 0, or device-only code (__CUDA_ARCH__): nothing to read
};

// What the preprocessor did with the user's files: the blocks it skipped, and every
// definition of each function-like macro (a macro may be #undef'd before the parse ends).
struct PreprocessedText {
  std::vector<SkippedBlock> Skipped;
  std::map<std::string, std::vector<const clang::MacroInfo *>> Macros;
};

// Records them into Out, as the preprocessor runs.
std::unique_ptr<clang::PPCallbacks> preprocessedTextCollector(const clang::SourceManager &SM,
                                                              PreprocessedText &Out);

// The notes for the syncs written in the skipped blocks, and, when the parse had errors,
// in the user's code that the AST does not hold. Found: the findings already made (their
// lines get none); EnabledRules: the rules that may report.
std::vector<Finding> unanalysedSyncs(clang::ASTContext &Ctx,
                                     const std::vector<clang::Decl *> &TopLevel,
                                     const PreprocessedText &Text,
                                     const std::vector<Finding> &Found,
                                     const std::vector<std::string> &EnabledRules);

} // namespace hostsync
