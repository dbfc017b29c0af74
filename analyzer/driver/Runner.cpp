#include "driver/Runner.h"

#include "cache/PrefixPch.h"
#include "cache/ReadFiles.h"
#include "cache/ResultCache.h"
#include "checks/HostsyncChecks.h"
#include "core/RunRules.h"
#include "commands/CompileCommands.h"
#include "support/AbsolutePath.h"
#include "recovery/Recovery.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <set>
#include <thread>

using namespace clang;

namespace hostsync {

namespace {

// Counts compiler errors, keeps the first one and the headers that were not found;
// warnings are not ours to show.
class ErrorCounter : public DiagnosticConsumer {
public:
  unsigned Count = 0;
  std::string First;
  std::vector<std::string> Missing;
  bool PchUnusable = false; // a precompiled header could not be loaded
  // A file in an encoding Clang cannot read (UTF-16, UTF-32): none of its text was parsed.
  bool UnreadableEncoding = false;
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    ++Count;
    unsigned Id = Info.getID();
    PchUnusable |= Id >= diag::DIAG_START_SERIALIZATION && Id < diag::DIAG_START_LEX;
    UnreadableEncoding |= Id == diag::err_unsupported_bom;
    if ((Id == diag::err_pp_file_not_found ||
         Id == diag::err_pp_file_not_found_angled_include_not_fatal ||
         Id == diag::err_pp_file_not_found_typo_not_fatal) &&
        Info.getNumArgs() > 0 && Info.getArgKind(0) == DiagnosticsEngine::ak_std_string) {
      std::string Name = Info.getArgStdStr(0);
      if (std::find(Missing.begin(), Missing.end(), Name) == Missing.end())
        Missing.push_back(Name);
    }
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
    if (Id == diag::err_unsupported_bom)
      First += "; convert the file to UTF-8 (iconv -t UTF-8)";
  }
};

class LintConsumer : public ASTConsumer {
public:
  LintConsumer(const RunConfig &Config, TUResult &Out, SourceManager &SM,
               std::vector<SourceRewrite> *Dropped)
      : Config(Config), Out(Out), SM(SM), Dropped(Dropped) {}

  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    // Only the user's code is walked: LibTorch's headers (or a PCH of them) are skipped,
    // which keeps matching nearly free next to parsing.
    for (Decl *D : Group)
      if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
        TopLevel.push_back(D);
    return true;
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    Out.Parsed = true;
    RulesResult R = runRules(Ctx, TopLevel, hostsyncChecks(), Config.EnabledRules, Config.Assume);
    Out.Findings.insert(Out.Findings.end(), R.Findings.begin(), R.Findings.end());
    Out.Facts = std::move(R.Facts);
    Out.SourceErrors.insert(Out.SourceErrors.end(), R.SourceErrors.begin(), R.SourceErrors.end());
    if (Dropped && Ctx.getDiagnostics().hasErrorOccurred())
      *Dropped = recoveryRewrites(Ctx, TopLevel);
  }

private:
  const RunConfig &Config;
  TUResult &Out;
  SourceManager &SM;
  std::vector<SourceRewrite> *Dropped;
  std::vector<Decl *> TopLevel;
};

// Dropped, when given, receives the range-for loops the parse lost to errors.
class LintActionFactory : public tooling::FrontendActionFactory {
  class Action : public ASTFrontendAction {
  public:
    Action(LintActionFactory &F) : F(F) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
      // A missing header is a fatal error that would end the TU; as a plain error,
      // parsing goes on and the rest is analysed.
      CI.getDiagnostics().setFatalsAsError(true);
      if (F.Read)
        F.Read->attachToPreprocessor(CI.getPreprocessor());
      return std::make_unique<LintConsumer>(F.Config, F.Out, CI.getSourceManager(), F.Dropped);
    }

  private:
    LintActionFactory &F;
  };

public:
  LintActionFactory(const RunConfig &Config, TUResult &Out, std::vector<SourceRewrite> *Dropped,
                    std::shared_ptr<ReadFiles> Read)
      : Config(Config), Out(Out), Dropped(Dropped), Read(std::move(Read)) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(*this); }

private:
  const RunConfig &Config;
  TUResult &Out;
  std::vector<SourceRewrite> *Dropped;
  std::shared_ptr<ReadFiles> Read; // when given, collects the files the parse reads
};

// The file system of a parse: the real one, with the CUDA stand-in headers (and rewritten
// files) over it, in memory. Its own per parse: the process-wide real one changes the
// process's working directory for each compile command, which parallel TUs would race on.
llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem>
parseFileSystem(const RecoveredFiles &Rewritten, std::vector<std::string> &Prelude) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::createPhysicalFileSystem().release()));
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Memory(new llvm::vfs::InMemoryFileSystem);
  addCudaShim(*Memory);
  if (!Rewritten.empty())
    Prelude = Rewritten.addTo(*Memory);
  FS->pushOverlay(Memory);
  return FS;
}

// How one parse of a file is set up besides its compile command.
struct ParseSetup {
  const PrefixPchs::Use *Pch = nullptr; // parse with -include-pch of it
  std::shared_ptr<ReadFiles> Read;      // collect the files read
  const RecoveredFiles *Rewritten;      // texts that replace files (Recovery.h)
  std::vector<SourceRewrite> *Dropped;  // receives what the parse lost to errors
};

// One parse of File.
int parseOnce(const tooling::CompilationDatabase &Db, const std::string &File,
              const RunConfig &Config, CommandAdjuster &Commands, TUResult &R, ErrorCounter &Errors,
              const ParseSetup &Setup) {
  std::vector<std::string> Prelude;
  auto FS = parseFileSystem(*Setup.Rewritten, Prelude);
  if (Setup.Pch)
    Prelude.insert(Prelude.begin(), {"-include-pch", Setup.Pch->Pch});
  tooling::ClangTool Tool(Db, {File}, std::make_shared<PCHContainerOperations>(), FS);
  const PrefixPchs::Use *Pch = Setup.Pch;
  Tool.appendArgumentsAdjuster(
      [&Commands, Prelude, Pch](const tooling::CommandLineArguments &Args, StringRef Path) {
        tooling::CommandLineArguments Out = Commands.adjust(Args, Path);
        if (Pch)
          Out = withoutForcedIncludes(Out, Pch->Replaces);
        Out.insert(Out.end(), Prelude.begin(), Prelude.end());
        return Out;
      });
  Tool.setDiagnosticConsumer(&Errors);
  Tool.setPrintErrorMessage(false);
  LintActionFactory Factory(Config, R, Setup.Dropped, Setup.Read);
  return Tool.run(&Factory);
}

// The one compile command of File as the parse will see it (ClangTool's own adjustments,
// then ours), for the cache's key and the PCH's flags; false when the file has no command
// or several (each would be a parse of its own: neither cache nor PCH is used).
struct FinalCommand {
  std::string Filename, Directory;
  std::vector<std::string> Args;
};
bool finalCommand(const tooling::CompilationDatabase &Db, const std::string &File,
                  CommandAdjuster &Commands, FinalCommand &Out) {
  std::vector<tooling::CompileCommand> Cmds = Db.getCompileCommands(File);
  if (Cmds.size() != 1)
    return false;
  tooling::CommandLineArguments Args = Cmds[0].CommandLine;
  for (const tooling::ArgumentsAdjuster &A :
       {tooling::getClangSyntaxOnlyAdjuster(), tooling::getClangStripOutputAdjuster(),
        tooling::getClangStripDependencyFileAdjuster()})
    Args = A(Args, Cmds[0].Filename);
  Out.Args = Commands.adjust(Args, Cmds[0].Filename, /*CountDropped=*/false);
  Out.Filename = Cmds[0].Filename;
  Out.Directory = Cmds[0].Directory;
  return true;
}

// The files a result depends on: what the parse read, a PCH the user's command names, the
// headers of the PCH it was parsed with, and the places where headers not found would be.
std::vector<Dependency> readByParse(ContentHashes &Hashes, const std::string &File,
                                    const FinalCommand &Cmd, const ReadFiles &Read,
                                    const std::optional<PrefixPchs::Use> &Pch) {
  std::vector<std::string> Paths = {absolutePath(File)};
  std::vector<std::string> Parsed = Read.paths();
  Paths.insert(Paths.end(), Parsed.begin(), Parsed.end());
  for (size_t I = 0; I + 1 < Cmd.Args.size(); ++I)
    if (Cmd.Args[I] == "-include-pch")
      Paths.push_back(Read.absolute(Cmd.Args[I + 1]));
  std::vector<Dependency> Out = Hashes.dependencies(Paths);
  if (Pch)
    Out.insert(Out.end(), Pch->Read.begin(), Pch->Read.end());
  for (const std::string &Absent : Read.placesOfMissing(Cmd.Args))
    Out.push_back({Absent, ""}); // "": unreadable; a header that appears there invalidates it
  return Out;
}

TUResult runOne(const tooling::CompilationDatabase &Db, const std::string &File,
                const RunConfig &Config, CommandAdjuster &Commands, bool &Cached) {
  TUResult R;
  R.File = File;
  FinalCommand Cmd;
  bool HaveCommand = (Config.Cache || Config.Pchs) && finalCommand(Db, File, Commands, Cmd);
  std::string Key;
  if (Config.Cache && HaveCommand) {
    Key = ResultCache::keyOf(Config.ToolId, absolutePath(File), Cmd.Directory, Cmd.Args,
                             Config.EnabledRules, static_cast<int>(Config.Assume));
    if ((Cached = Config.Cache->load(Key, R))) {
      R.File = File;
      return R;
    }
  }
  std::optional<PrefixPchs::Use> Pch;
  if (Config.Pchs && HaveCommand)
    Pch = Config.Pchs->forFile(Cmd.Filename, Cmd.Directory, Cmd.Args);
  auto Errors = std::make_unique<ErrorCounter>();
  std::vector<SourceRewrite> Dropped;
  RecoveredFiles Rewritten;
  auto Read = std::make_shared<ReadFiles>(File, Cmd.Directory);
  int Status = parseOnce(Db, File, Config, Commands, R, *Errors,
                         {Pch ? &*Pch : nullptr, Read, &Rewritten, &Dropped});
  if (Pch && Errors->PchUnusable) { // changed since it was built: parsed as it is
    Config.Pchs->discard(Pch->Pch);
    Pch.reset();
    R = TUResult();
    R.File = File;
    Errors = std::make_unique<ErrorCounter>();
    Dropped.clear();
    Read = std::make_shared<ReadFiles>(File, Cmd.Directory);
    Status =
        parseOnce(Db, File, Config, Commands, R, *Errors, {nullptr, Read, &Rewritten, &Dropped});
  }
  // Parse again with what was lost given back (loops' ranges and conditions, invalid
  // variables' values made opaque; calls to a changed LibTorch API respelled), until
  // nothing more comes back (a chain of invalid variables is freed one link per parse) or
  // MaxRecoveries. The file's state (errors, missing headers) is the first parse's; the
  // findings are the last one's, moved back to the user's text, without fix-its in the
  // rewritten files (their offsets moved).
  constexpr int MaxRecoveries = 3;
  for (int Pass = 0; Pass < MaxRecoveries && !Dropped.empty(); ++Pass) {
    Rewritten.apply(Dropped);
    TUResult Again;
    ErrorCounter Ignored;
    Dropped.clear();
    parseOnce(Db, File, Config, Commands, Again, Ignored,
              {Pch ? &*Pch : nullptr, nullptr, &Rewritten, &Dropped});
    for (Finding &F : Again.Findings)
      Rewritten.restore(F);
    R.Findings = std::move(Again.Findings);
    R.Facts = std::move(Again.Facts);
  }
  R.Errors = Errors->Count;
  R.FirstError = Errors->First;
  R.MissingHeaders = Errors->Missing;
  // Not parsed at all (a compile command the driver rejected, an unreadable file): nothing
  // of it was analysed, whatever the errors say.
  R.Failed = !R.Parsed || (Status != 0 && Errors->Count == 0) || Errors->UnreadableEncoding;
  if (R.Failed && R.FirstError.empty())
    R.FirstError = "the compiler could not be run on this file (no compile command?)";
  std::sort(R.SourceErrors.begin(), R.SourceErrors.end());
  R.SourceErrors.erase(std::unique(R.SourceErrors.begin(), R.SourceErrors.end()),
                       R.SourceErrors.end());
  if (!R.SourceErrors.empty()) {
    R.Errors += R.SourceErrors.size();
    if (R.FirstError.empty())
      R.FirstError = R.SourceErrors.front();
  }
  if (!Key.empty())
    Config.Cache->store(Key, R, readByParse(Config.Cache->hashes(), File, Cmd, *Read, Pch));
  return R;
}

// Tells the PCHs what every file of the run begins with, so that each holds what all files
// of its group share (cache/PrefixPch.h).
void planPchs(const tooling::CompilationDatabase &Db, const std::vector<std::string> &Files,
              PrefixPchs &Pchs, CommandAdjuster &Commands) {
  std::map<std::string, PrefixPchs::Leading> ByFile;
  for (const std::string &F : Files) {
    FinalCommand Cmd;
    if (!finalCommand(Db, F, Commands, Cmd))
      continue;
    if (std::optional<PrefixPchs::Leading> L =
            Pchs.leadingOf(Cmd.Filename, Cmd.Directory, Cmd.Args))
      ByFile[absolutePathIn(Cmd.Directory, Cmd.Filename)] = *L;
  }
  Pchs.plan(ByFile);
}

} // namespace

std::vector<TUResult> runAll(const tooling::CompilationDatabase &Db,
                             const std::vector<std::string> &Files, const RunConfig &Config,
                             CommandAdjuster &Commands, const RunProgress &Progress) {
  if (Config.Pchs)
    planPchs(Db, Files, *Config.Pchs, Commands);
  std::vector<TUResult> Results(Files.size());
  std::atomic<size_t> Next{0};
  std::mutex ProgressLock;
  auto Worker = [&] {
    for (size_t I = Next++; I < Files.size(); I = Next++) {
      if (Progress.Started) {
        std::lock_guard<std::mutex> G(ProgressLock);
        Progress.Started(I, Files[I]);
      }
      bool Cached = false;
      auto Own = Config.PerFile.find(Files[I]);
      Results[I] = unlessItThrows(Files[I], [&] {
        if (Own == Config.PerFile.end())
          return runOne(Db, Files[I], Config, Commands, Cached);
        RunConfig ForFile = Config;
        ForFile.EnabledRules = Own->second.EnabledRules;
        ForFile.Assume = Own->second.Assume;
        return runOne(Db, Files[I], ForFile, Commands, Cached);
      });
      if (Progress.Finished) {
        std::lock_guard<std::mutex> G(ProgressLock);
        Progress.Finished(I, Files[I], Cached);
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

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> parseFileSystem() {
  std::vector<std::string> NoPrelude;
  return parseFileSystem(RecoveredFiles(), NoPrelude);
}

std::vector<Finding> mergeFindings(const std::vector<TUResult> &Results) {
  std::vector<Finding> All;
  ProjectFacts Facts;
  for (const TUResult &R : Results) {
    All.insert(All.end(), R.Findings.begin(), R.Findings.end());
    Facts.add(R.Facts);
  }
  Facts.solve();
  closeDevices(All, Facts);
  // Same rule and place: keep one, ranked by the hottest TU's view of it, on the device that
  // TU gave it (headers: CUDA if any TU says so).
  std::sort(All.begin(), All.end(), [](const Finding &A, const Finding &B) {
    return std::tie(A.File, A.Line, A.Column, A.Rule, B.Rnk, A.Device) <
           std::tie(B.File, B.Line, B.Column, B.Rule, A.Rnk, B.Device);
  });
  All.erase(std::unique(All.begin(), All.end(), sameFinding), All.end());
  std::stable_sort(All.begin(), All.end(), findingOrder);
  return All;
}

} // namespace hostsync
