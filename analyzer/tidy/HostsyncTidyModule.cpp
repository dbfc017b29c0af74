// The clang-tidy front end: every hostsync rule as a clang-tidy check of the same name,
// in a module that `clang-tidy --load=libhostsync-tidy.so --checks='-*,hostsync-*'` loads.
// One implementation of each rule serves both front ends: each check here runs its rule
// class through runRules() once the translation unit has been matched (so the rule sees the
// user's declarations only, as under hostsync-lint), and turns its findings into clang-tidy
// diagnostics with their fix-its, so `clang-tidy --fix` applies them.
//
// Options (CheckOptions): hostsync-<rule>.AssumeDevice = unknown | cuda | cpu;
// HostsyncProjectFacts (global, or per check) = a project facts file or cache folder, or
// none: where the project's other files' device facts are read (tidy/OtherFilesFacts.h).
#include "compat/LLVMCompat.h"
#include "common/Utf8.h"
#include "checks/HostsyncChecks.h"
#include "core/RunRules.h"
#include "tidy/OtherFilesFacts.h"

#include "compat/TidyCompat.h"

#include <algorithm>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace hostsync::tidy {

namespace {
AssumeDevice parseAssume(const std::string &S) {
  AssumeDevice A = AssumeDevice::Unknown;
  parseAssumeDevice(S, A); // the check's constructor reported a bad value
  return A;
}

// Every enabled hostsync check of a translation unit, run in one pass by the first check
// that asks and shared by the others (one pass per check would repeat the walk 13 times).
// Keyed by the AST and its main file: clang-tidy handles one translation unit at a time,
// and a findings list holds file positions, never AST nodes, so it outlives its AST.
struct SharedPass {
  const ASTContext *AST = nullptr;
  std::string MainFile, Assume, FactsSetting;
  std::vector<Finding> Findings;
};

// How the rules of one translation unit are run: the options of the check that asks first.
struct PassSettings {
  std::string Assume, FactsSetting, BuildDir;
};

std::string mainFileOf(const ASTContext &AST) {
  const SourceManager &SM = AST.getSourceManager();
  return SM.getFilename(SM.getLocForStartOfFile(SM.getMainFileID())).str();
}

// Error: a facts file that cannot be read, once per process (each file's own facts are
// then used).
const std::vector<Finding> &findingsOf(ASTContext &AST, const PassSettings &Settings,
                                       std::string &Error);

class RuleAdapter : public clang::tidy::ClangTidyCheck {
public:
  RuleAdapter(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Rule(Name.str()),
        AssumeText(std::string(Options.get("AssumeDevice", "unknown"))),
        FactsSetting(std::string(Options.getLocalOrGlobal("HostsyncProjectFacts", ""))),
        Tidy(Context) {
    AssumeDevice Unused;
    if (!parseAssumeDevice(AssumeText, Unused))
      configurationDiag("invalid value '%0' for %1.AssumeDevice: expected unknown, cuda or "
                        "cpu (unknown is used)",
                        clang::DiagnosticIDs::Error)
          << AssumeText << Name;
  }

  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(translationUnitDecl().bind("tu"), this);
  }
  // Remembers the AST: the rule runs after clang-tidy's own matching is done.
  void check(const MatchFinder::MatchResult &Result) override {
    AST = Result.Context;
#if LLVM_VERSION_MAJOR < 21
    // Before LLVM 21, clang-tidy's matchers walk every declaration, those of the system
    // headers included: over LibTorch's PCH, deserialising it whole took most of a run (6 s of
    // a small file's 6.5 s under clang-tidy 14). From 21 clang-tidy skips them itself unless
    // --system-headers (MatchFinderOptions::IgnoreSystemHeaders). The translation unit is
    // matched before its declarations are walked, so the walk still to come keeps to the
    // declarations outside system headers.
    // Once per translation unit: every enabled hostsync check matches it.
    const auto &SystemHeaders = Tidy->getOptions().SystemHeaders;
    std::vector<Decl *> Scope = AST->getTraversalScope();
    bool Whole = Scope.size() == 1 && Scope.front() == AST->getTranslationUnitDecl();
    if (Whole && !(SystemHeaders && *SystemHeaders))
      AST->setTraversalScope(userDecls(*AST));
#endif
  }

  void onEndOfTranslationUnit() override {
    if (!AST)
      return;
    // clang-tidy runs one file after another in one process: what a file's analysis throws
    // is an error on that file, and clang-tidy goes on, never an abort.
    try {
      std::string Error;
      const std::vector<Finding> &Findings =
          findingsOf(*AST, {AssumeText, FactsSetting, Tidy->getCurrentBuildDirectory()}, Error);
      if (!Error.empty())
        configurationDiag("%0; each file's own device facts are used",
                          clang::DiagnosticIDs::Warning)
            << text::validUtf8(Error);
      for (const Finding &F : Findings)
        if (F.Rule == Rule && !F.Suppressed)
          emit(F);
    } catch (const std::exception &E) {
      const SourceManager &SM = AST->getSourceManager();
      diag(SM.getLocForStartOfFile(SM.getMainFileID()),
           "internal error in %0: %1 (a bug of hostsync: please report it)", DiagnosticIDs::Error)
          << Rule << text::validUtf8(E.what());
    }
    AST = nullptr;
  }

  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override {
    Options.store(Opts, "AssumeDevice", AssumeText);
    Options.store(Opts, "HostsyncProjectFacts", FactsSetting);
  }

private:
  SourceLocation locate(const std::string &File, unsigned Line, unsigned Column) {
    return compat::fileLineColumn(AST->getSourceManager(), File, Line, Column);
  }

  void emit(const Finding &F) {
    SourceLocation Loc = locate(F.File, F.Line, F.Column);
    if (Loc.isInvalid())
      return;
    // An exact rewrite rides on the warning (clang-tidy --fix applies it); a conditional
    // one on a note that states the condition (applied by --fix-notes), as clang-tidy's
    // own checks do with fixes that need the user's judgement.
    {
      auto D = diag(Loc, "%0 (%1: %2; device: %3 (%4))")
               << text::validUtf8(F.Message) << rankName(F.LoopRank)
               << text::validUtf8(F.RankReason) << confidenceName(F.Device)
               << text::validUtf8(F.DeviceReason);
      if (F.FixCondition.empty())
        addHints(D, F);
    }
    diag(Loc, "fix: %0", DiagnosticIDs::Note) << text::validUtf8(F.Fix);
    if (!F.FixCondition.empty() && !F.Replacements.empty()) {
      auto N = diag(Loc, "rewrite if %0", DiagnosticIDs::Note) << text::validUtf8(F.FixCondition);
      addHints(N, F);
    }
  }

  void addHints(DiagnosticBuilder &D, const Finding &F) {
    SourceManager &SM = AST->getSourceManager();
    for (const Replacement &R : F.Replacements) {
      SourceLocation Start = locate(R.File, 1, 1);
      if (Start.isInvalid())
        continue;
      SourceLocation B = SM.getComposedLoc(SM.getFileID(Start), R.Offset);
      D << FixItHint::CreateReplacement(
          CharSourceRange::getCharRange(B, B.getLocWithOffset(R.Length)), R.Text);
    }
  }

  std::string Rule, AssumeText, FactsSetting;
  clang::tidy::ClangTidyContext *Tidy;
  ASTContext *AST = nullptr;
};

// The rules enabled in this run (clang-tidy's --checks), recorded as their checks are made.
std::vector<std::string> &enabledRules() {
  static std::vector<std::string> Rules;
  return Rules;
}

const std::vector<Finding> &findingsOf(ASTContext &AST, const PassSettings &Settings,
                                       std::string &Error) {
  static SharedPass Pass;
  static std::set<std::string> Reported; // facts files whose error was said
  std::string Main = mainFileOf(AST);
  if (Pass.AST != &AST || Pass.MainFile != Main || Pass.Assume != Settings.Assume ||
      Pass.FactsSetting != Settings.FactsSetting) {
    Pass.AST = &AST;
    Pass.MainFile = Main;
    Pass.Assume = Settings.Assume;
    Pass.FactsSetting = Settings.FactsSetting;
    RulesResult R = runRules(AST, userDecls(AST), hostsyncChecks(), enabledRules(),
                             parseAssume(Settings.Assume));
    // clang-tidy sees one file at a time: the other files' facts are those hostsync-lint's
    // runs left, when they are still current.
    ProjectFacts Facts;
    Facts.add(R.Facts);
    if (std::string E;
        !addOtherFilesFacts(Facts, Settings.FactsSetting, Settings.BuildDir, Main, E) &&
        Reported.insert(E).second)
      Error = E;
    Facts.solve();
    closeDevices(R.Findings, Facts);
    Pass.Findings.clear();
    for (Finding &F : R.Findings)
      if (F.Device != DeviceConfidence::Cpu)
        Pass.Findings.push_back(std::move(F));
  }
  return Pass.Findings;
}

class HostsyncModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    for (const RegisteredRule &R : hostsyncChecks())
      Factories.registerCheckFactory(
          R.Id, [](llvm::StringRef Name, clang::tidy::ClangTidyContext *Context) {
            auto &Rules = enabledRules();
            if (std::find(Rules.begin(), Rules.end(), Name.str()) == Rules.end())
              Rules.push_back(Name.str());
            return std::make_unique<RuleAdapter>(Name, Context);
          });
  }
};
} // namespace

} // namespace hostsync::tidy

static clang::tidy::ClangTidyModuleRegistry::Add<hostsync::tidy::HostsyncModule>
    HostsyncModuleRegistration("hostsync-module",
                               "hostsync: host-device synchronizations in LibTorch code.");
