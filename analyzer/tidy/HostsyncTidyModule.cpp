// The clang-tidy front end: every hostsync rule as a clang-tidy check of the same name,
// in a module that `clang-tidy --load=libhostsync-tidy.so --checks='-*,hostsync-*'` loads.
// One implementation of each rule serves both front ends: each check here runs its rule
// class through runRules() once the translation unit has been matched (so the rule sees the
// user's declarations only, as under hostsync-lint), and turns its findings into clang-tidy
// diagnostics with their fix-its, so `clang-tidy --fix` applies them.
//
// Options (CheckOptions): hostsync-<rule>.AssumeDevice = unknown | cuda | cpu.
#include "compat/LLVMCompat.h"
#include "core/RunRules.h"

#include "compat/TidyCompat.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync::tidy {

namespace {
AssumeDevice parseAssume(llvm::StringRef S) {
  return S == "cuda" ? AssumeDevice::Cuda : S == "cpu" ? AssumeDevice::Cpu : AssumeDevice::Unknown;
}

class RuleAdapter : public clang::tidy::ClangTidyCheck {
public:
  RuleAdapter(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Rule(Name.str()),
        AssumeText(std::string(Options.get("AssumeDevice", "unknown"))) {}

  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(translationUnitDecl().bind("tu"), this);
  }
  // Only remembers the AST: the rule runs after clang-tidy's own matching is done.
  void check(const MatchFinder::MatchResult &Result) override { AST = Result.Context; }

  void onEndOfTranslationUnit() override {
    if (!AST)
      return;
    RulesResult R = runRules(*AST, userDecls(*AST), {Rule}, parseAssume(AssumeText));
    for (const Finding &F : R.Findings)
      if (!F.Suppressed)
        emit(F);
    AST = nullptr;
  }

  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override {
    Options.store(Opts, "AssumeDevice", AssumeText);
  }

private:
  SourceLocation locate(const std::string &File, unsigned Line, unsigned Column) {
    return compat::fileLineColumn(AST->getSourceManager(), File, Line, Column);
  }

  void emit(const Finding &F) {
    SourceLocation Loc = locate(F.File, F.Line, F.Column);
    if (Loc.isInvalid())
      return;
    SourceManager &SM = AST->getSourceManager();
    {
      auto D = diag(Loc, "%0 (%1: %2)") << F.Message << rankName(F.Rnk) << F.RankReason;
      for (const Replacement &R : F.Replacements) {
        SourceLocation Start = locate(R.File, 1, 1);
        if (Start.isInvalid())
          continue;
        SourceLocation B = SM.getComposedLoc(SM.getFileID(Start), R.Offset);
        D << FixItHint::CreateReplacement(
            CharSourceRange::getCharRange(B, B.getLocWithOffset(R.Length)), R.Text);
      }
    }
    diag(Loc, "fix: %0", DiagnosticIDs::Note) << F.Fix;
  }

  std::string Rule, AssumeText;
  ASTContext *AST = nullptr;
};

class HostsyncModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    for (const RegisteredRule &R : registeredRules())
      Factories.registerCheckFactory(
          R.Id, [](llvm::StringRef Name, clang::tidy::ClangTidyContext *Context) {
            return std::make_unique<RuleAdapter>(Name, Context);
          });
  }
};
} // namespace

} // namespace hostsync::tidy

static clang::tidy::ClangTidyModuleRegistry::Add<hostsync::tidy::HostsyncModule>
    HostsyncModuleRegistration("hostsync-module",
                               "hostsync: host-device synchronizations in LibTorch code.");
