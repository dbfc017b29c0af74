#include "driver/Runner.h"

#include "core/RunRules.h"

#include "hostsync_config.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

using namespace clang;

namespace hostsync {

namespace {

// Counts compiler errors and keeps the first one; warnings are not ours to show.
class ErrorCounter : public DiagnosticConsumer {
public:
  unsigned Count = 0;
  std::string First;
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    ++Count;
    if (!First.empty())
      return;
    llvm::SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      PresumedLoc P = Info.getSourceManager().getPresumedLoc(
          Info.getSourceManager().getExpansionLoc(Info.getLocation()));
      if (P.isValid())
        First = std::string(P.getFilename()) + ":" + std::to_string(P.getLine()) + ":" +
                std::to_string(P.getColumn()) + ": ";
    }
    First += Msg.str();
  }
};

class LintConsumer : public ASTConsumer {
public:
  LintConsumer(const RunConfig &Config, TUResult &Out, SourceManager &SM)
      : Config(Config), Out(Out), SM(SM) {}

  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    // Only the user's code is walked: LibTorch's headers (or a PCH of them) are skipped,
    // which keeps matching nearly free next to parsing.
    for (Decl *D : Group)
      if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
        TopLevel.push_back(D);
    return true;
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    RulesResult R = runRules(Ctx, TopLevel, Config.EnabledRules, Config.Assume);
    Out.Findings.insert(Out.Findings.end(), R.Findings.begin(), R.Findings.end());
    Out.SourceErrors.insert(Out.SourceErrors.end(), R.SourceErrors.begin(),
                            R.SourceErrors.end());
  }

private:
  const RunConfig &Config;
  TUResult &Out;
  SourceManager &SM;
  std::vector<Decl *> TopLevel;
};

class LintAction : public ASTFrontendAction {
public:
  LintAction(const RunConfig &Config, TUResult &Out) : Config(Config), Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    // A missing header (Debian's LibTorch lacks c10/cuda's generated one) is a fatal error
    // that would end the TU; as a plain error, parsing goes on and the rest is analysed.
    CI.getDiagnostics().setFatalsAsError(true);
    return std::make_unique<LintConsumer>(Config, Out, CI.getSourceManager());
  }

private:
  const RunConfig &Config;
  TUResult &Out;
};

class LintActionFactory : public tooling::FrontendActionFactory {
public:
  LintActionFactory(const RunConfig &Config, TUResult &Out) : Config(Config), Out(Out) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<LintAction>(Config, Out);
  }

private:
  const RunConfig &Config;
  TUResult &Out;
};

TUResult runOne(const tooling::CompilationDatabase &Db, const std::string &File,
                const RunConfig &Config) {
  TUResult R;
  R.File = File;
  // Its own file system per tool: the process-wide real one changes the process's working
  // directory for each compile command, which parallel TUs would race on.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS(
      llvm::vfs::createPhysicalFileSystem().release());
  tooling::ClangTool Tool(Db, {File}, std::make_shared<PCHContainerOperations>(), FS);
  // Builtin headers (stddef.h...) come from the Clang we were built against, wherever
  // this binary is installed.
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      {"-resource-dir=" HOSTSYNC_CLANG_RESOURCE_DIR, "-Wno-unknown-warning-option",
       "-Wno-unused-command-line-argument",
       // We report errors in one line of our own: no "N errors generated." from clang.
       "-fno-caret-diagnostics"},
      tooling::ArgumentInsertPosition::END));
  if (!Config.ExtraArgsBefore.empty())
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        Config.ExtraArgsBefore, tooling::ArgumentInsertPosition::BEGIN));
  if (!Config.ExtraArgs.empty())
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        Config.ExtraArgs, tooling::ArgumentInsertPosition::END));
  ErrorCounter Errors;
  Tool.setDiagnosticConsumer(&Errors);
  Tool.setPrintErrorMessage(false);
  LintActionFactory Factory(Config, R);
  int Status = Tool.run(&Factory);
  R.Errors = Errors.Count;
  R.FirstError = Errors.First;
  R.Failed = Status != 0 && Errors.Count == 0;
  if (R.Failed)
    R.FirstError = "the compiler could not be run on this file (no compile command?)";
  std::sort(R.SourceErrors.begin(), R.SourceErrors.end());
  R.SourceErrors.erase(std::unique(R.SourceErrors.begin(), R.SourceErrors.end()),
                       R.SourceErrors.end());
  if (!R.SourceErrors.empty()) {
    R.Errors += R.SourceErrors.size();
    if (R.FirstError.empty())
      R.FirstError = R.SourceErrors.front();
  }
  return R;
}

} // namespace

std::vector<TUResult>
runAll(const tooling::CompilationDatabase &Db, const std::vector<std::string> &Files,
       const RunConfig &Config,
       const std::function<void(size_t, size_t, const std::string &)> &Progress) {
  std::vector<TUResult> Results(Files.size());
  std::atomic<size_t> Next{0};
  std::mutex ProgressLock;
  auto Worker = [&] {
    for (size_t I = Next++; I < Files.size(); I = Next++) {
      {
        std::lock_guard<std::mutex> G(ProgressLock);
        Progress(I + 1, Files.size(), Files[I]);
      }
      auto Own = Config.PerFile.find(Files[I]);
      if (Own == Config.PerFile.end()) {
        Results[I] = runOne(Db, Files[I], Config);
      } else {
        RunConfig ForFile = Config;
        ForFile.EnabledRules = Own->second.EnabledRules;
        ForFile.Assume = Own->second.Assume;
        Results[I] = runOne(Db, Files[I], ForFile);
      }
    }
  };
  unsigned N = std::max(1u, std::min<unsigned>(Config.Jobs, Files.size()));
  std::vector<std::thread> Threads;
  for (unsigned T = 1; T < N; ++T)
    Threads.emplace_back(Worker);
  Worker();
  for (std::thread &T : Threads)
    T.join();
  return Results;
}

std::vector<Finding> mergeFindings(const std::vector<TUResult> &Results) {
  std::vector<Finding> All;
  for (const TUResult &R : Results)
    All.insert(All.end(), R.Findings.begin(), R.Findings.end());
  // Same rule and place: keep one, ranked by the hottest TU's view of it.
  std::sort(All.begin(), All.end(), [](const Finding &A, const Finding &B) {
    return std::tie(A.File, A.Line, A.Column, A.Rule, B.Rnk) <
           std::tie(B.File, B.Line, B.Column, B.Rule, A.Rnk);
  });
  All.erase(std::unique(All.begin(), All.end(), sameFinding), All.end());
  std::stable_sort(All.begin(), All.end(), findingOrder);
  return All;
}

} // namespace hostsync
