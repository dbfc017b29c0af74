// The base of every rule, shaped like a clang-tidy check: a rule registers its AST
// matchers and turns each match into at most one finding through report(). Rules never
// print: findings go to the TU's context, which the front end (hostsync-lint, or a
// clang-tidy module) turns into output.
#pragma once

#include "analysis/HotPath.h"
#include "analysis/ProgramEvidence.h"
#include "analysis/TensorFacts.h"
#include "analysis/TUIndex.h"
#include "rules/Catalog.h"
#include "model/AssumeDevice.h"
#include "model/Finding.h"
#include "core/Suppressions.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hostsync {

// A file as findings name it: absolute, relative to the compile command's directory (which
// the FileManager knows; the process's own working directory is another one).
std::string findingPath(clang::FileManager &FM, llvm::StringRef Path);
// The whole text of Loc's line, as the file holds it.
std::string lineText(const clang::SourceManager &SM, clang::SourceLocation Loc);
// How a reason names the expression that put a tensor on CUDA: "`x.cuda()` at line 12".
std::string cudaEvidence(clang::ASTContext &Ctx, const clang::Expr *CudaAt);

// What a rule needs while one translation unit is matched.
class TUContext {
public:
  TUContext(clang::ASTContext &Ctx, const std::vector<clang::Decl *> &TopLevel, AssumeDevice Assume)
      : Ctx(Ctx), Index(Ctx, TopLevel), Facts(Ctx, Index), Hot(Ctx, Index), Assume(Assume),
        CpuOnlyProgram(isCpuOnlyProgram(Ctx, Index)) {}
  clang::ASTContext &Ctx;
  // The one walk of the TU's own code that the questions below read.
  TUIndex Index;
  TensorFacts Facts;
  HotPath Hot;
  AssumeDevice Assume;
  // main() is here and nothing here names CUDA: tensors of unknown device are on the CPU
  // (unless --assume-device says otherwise).
  bool CpuOnlyProgram;
  // What this TU contributes to the project's device facts (written after matching).
  TUFacts Exports;
  std::vector<Finding> Findings;
  std::vector<std::string> SourceErrors; // "file: line N: unmatched NOLINTBEGIN"

  // The NOLINT comments of a file, read once per TU.
  const SuppressionIndex &suppressionsFor(clang::FileID File);

private:
  llvm::DenseMap<unsigned, std::unique_ptr<SuppressionIndex>> Suppressions;
};

// A rule's proposed rewrite: the edits, and the condition under which they are equivalent
// (empty when they always are: --fix applies those; the others wait for --fix-notes).
struct Rewrite {
  std::vector<clang::FixItHint> Hints;
  std::string Condition;
  Rewrite() = default;
  Rewrite(std::vector<clang::FixItHint> Hints, std::string Condition = "")
      : Hints(std::move(Hints)), Condition(std::move(Condition)) {}
};

class RuleCheck : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  RuleCheck(const RuleInfo &Rule, TUContext &TU) : Rule(Rule), TU(TU) {}
  ~RuleCheck() override = default;

  virtual void registerMatchers(clang::ast_matchers::MatchFinder *Finder) = 0;
  virtual void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) = 0;

  const RuleInfo &rule() const { return Rule; }

protected:
  // Where the tensor an op reads lives. Host: the op costs nothing, report() drops it.
  Device deviceOf(const clang::Expr *Tensor) { return TU.Facts.deviceOf(Tensor); }
  TensorFacts &facts() { return TU.Facts; }
  clang::ASTContext &astContext() { return TU.Ctx; }
  // "a CUDA tensor" or "a tensor that may be on CUDA", for messages.
  static std::string tensorPhrase(Device Where);

  // Records one finding at At. Device::Cpu findings are kept as "cpu" (shown with
  // --report-cpu); Device::Unknown becomes "unknown" until the project pass closes it (or
  // "assumed", or "cpu", by --assume-device and a CPU-only program). Message says
  // what syncs and why; the fix comes from the catalog unless Fix is given.
  // Fix, when it has hints, is the rewrite; it is dropped (the finding kept) when a range
  // touches a macro expansion, where a textual edit is not safe.
  void report(const clang::Stmt *At, clang::SourceLocation Loc, llvm::StringRef Op, Device Where,
              const std::string &Message, const std::string &Note = "", const Rewrite &Fix = {});
  // The finding's Where is the opposite of the device its queries found (a copy to CUDA
  // syncs when its source is on the host): the project pass closes it the other way round.
  void invertDevice() { Inverted = true; }
  // The source text of an expression (empty inside macros): for building fix-its.
  std::string sourceText(const clang::Expr *E) const;

private:
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) final {
    TU.Facts.startMatch(); // report() reads what this match's device queries depended on
    Inverted = false;
    check(Result);
  }
  bool Inverted = false;
  // Sets F's device, its reason and what other files decide of it (DeviceFacts.h).
  void setDevice(Finding &F, Device Where) const;
  const RuleInfo &Rule;
  TUContext &TU;
};

using RuleFactory = std::unique_ptr<RuleCheck> (*)(const RuleInfo &, TUContext &);

// A rule id with its factory: an entry of a registration list (checks/HostsyncChecks.h).
struct RegisteredRule {
  const char *Id;
  RuleFactory Create;
};

} // namespace hostsync
