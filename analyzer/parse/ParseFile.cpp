#include "parse/ParseFile.h"
#include "parse/UnanalysedSyncs.h"
#include "cache/SkipHeaderBodies.h"

#include "cache/ReadFiles.h"
#include "checks/HostsyncChecks.h"
#include "compat/ModuleCache.h"
#include "commands/CompileCommands.h"
#include "core/RunRules.h"
#include "core/HeaderInstantiations.h"
#include "recovery/Recovery.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"

#include <algorithm>
#include <set>

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
  // The names "use of undeclared identifier" named: a missing library's namespace among
  // them (UnknownNameRecovery.cpp).
  std::set<std::string> Undeclared;
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
    if (Id == diag::err_undeclared_var_use && Info.getNumArgs() > 0) {
      if (Info.getArgKind(0) == DiagnosticsEngine::ak_identifierinfo && Info.getArgIdentifier(0))
        Undeclared.insert(Info.getArgIdentifier(0)->getName().str());
      else if (Info.getArgKind(0) == DiagnosticsEngine::ak_declarationname)
        Undeclared.insert(DeclarationName::getFromOpaqueInteger(Info.getRawArg(0)).getAsString());
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

class LintConsumer : public SemaConsumer {
public:
  LintConsumer(const FileSettings &Config, TUResult &Out, SourceManager &SM, LostParts *Dropped,
               const ErrorCounter &Errors)
      : Config(Config), Out(Out), SM(SM), Dropped(Dropped), Errors(Errors) {}

  PreprocessedText &preprocessedText() { return Preprocessed; }

  void InitializeSema(Sema &S) override { TheSema = &S; }
  void ForgetSema() override { TheSema = nullptr; }

  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    // The PCH's reader is registered with Sema by now (after Sema::Initialize).
    if (TheSema)
      HeaderWork->attach(*TheSema);
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
    std::vector<Finding> Unseen =
        unanalysedSyncs(Ctx, TopLevel, Preprocessed, Out.Findings, Config.EnabledRules);
    Out.Findings.insert(Out.Findings.end(), Unseen.begin(), Unseen.end());
    Out.Facts = std::move(R.Facts);
    Out.Calls = std::move(R.Calls);
    Out.SourceErrors.insert(Out.SourceErrors.end(), R.SourceErrors.begin(), R.SourceErrors.end());
    if (Dropped && Ctx.getDiagnostics().hasErrorOccurred())
      *Dropped = recoveryRewrites(Ctx, TopLevel, Errors.Undeclared);
  }

private:
  const FileSettings &Config;
  TUResult &Out;
  SourceManager &SM;
  LostParts *Dropped;
  const ErrorCounter &Errors; // this parse's diagnostics
  std::vector<Decl *> TopLevel;
  PreprocessedText Preprocessed; // what the preprocessor left out (UnanalysedSyncs.h)
  Sema *TheSema = nullptr;
  // Outlives Sema, which holds it (HeaderInstantiations.h).
  llvm::IntrusiveRefCntPtr<HeaderInstantiationFilter> HeaderWork{new HeaderInstantiationFilter};
};

// Clang reads a PCH with read(), whole, as a file another compiler may be rebuilding: 125 MB
// copied for LibTorch's at every parse (a fifth of a small file's parse, in page faults and
// the copy). Mapped and handed to the module cache, where Clang looks first, only the pages
// the parse needs are read. Clang writes a PCH to a temporary file that it renames (ours too,
// PrefixPch.cpp), never over the old one in place, so a mapping stays valid. Called before the PCH
// is loaded.
void mapPrecompiledHeader(CompilerInstance &CI) {
  const std::string &Pch = CI.getPreprocessorOpts().ImplicitPCHInclude;
  if (Pch.empty() || compat::inMemoryModuleCache(CI).lookupPCM(Pch))
    return;
  // Unreadable: left to Clang, whose error names the file.
  if (auto Buffer = llvm::MemoryBuffer::getFile(Pch, /*IsText=*/false,
                                                /*RequiresNullTerminator=*/false,
                                                /*IsVolatile=*/false))
    compat::inMemoryModuleCache(CI).addPCM(Pch, std::move(*Buffer));
}

// Dropped, when given, receives what the parse lost to errors (Recovery.h).
class LintActionFactory : public tooling::FrontendActionFactory {
  class Action : public ASTFrontendAction {
  public:
    Action(LintActionFactory &F) : F(F) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
      // A missing header is a fatal error that would end the TU; as a plain error,
      // parsing goes on and the rest is analysed.
      CI.getDiagnostics().setFatalsAsError(true);
      mapPrecompiledHeader(CI);
      if (F.Read)
        F.Read->attachToPreprocessor(CI.getPreprocessor());
      auto Consumer = std::make_unique<LintConsumer>(F.Config, F.Out, CI.getSourceManager(),
                                                     F.Dropped, F.Errors);
      CI.getPreprocessor().addPPCallbacks(
          preprocessedTextCollector(CI.getSourceManager(), Consumer->preprocessedText()));
      return skippingHeaderBodies(CI, std::move(Consumer));
    }

  private:
    LintActionFactory &F;
  };

public:
  LintActionFactory(const FileSettings &Config, TUResult &Out, LostParts *Dropped,
                    const ErrorCounter &Errors, std::shared_ptr<ReadFiles> Read)
      : Config(Config), Out(Out), Dropped(Dropped), Errors(Errors), Read(std::move(Read)) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(*this); }

private:
  const FileSettings &Config;
  TUResult &Out;
  LostParts *Dropped;
  const ErrorCounter &Errors;
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
  LostParts *Dropped;                   // receives what the parse lost to errors
};

// One parse of File.
int parseOnce(const tooling::CompilationDatabase &Db, const std::string &File,
              const FileSettings &Config, CommandAdjuster &Commands, TUResult &R,
              ErrorCounter &Errors, const ParseSetup &Setup) {
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
  LintActionFactory Factory(Config, R, Setup.Dropped, Errors, Setup.Read);
  return Tool.run(&Factory);
}

} // namespace

TUResult parseFile(const tooling::CompilationDatabase &Db, const std::string &File,
                   const FileSettings &Settings, CommandAdjuster &Commands,
                   const PrefixPchs::Use *Pch, std::shared_ptr<ReadFiles> Read, bool &PchUnusable) {
  TUResult R;
  R.File = File;
  ErrorCounter Errors;
  LostParts Dropped;
  RecoveredFiles Rewritten;
  int Status = parseOnce(Db, File, Settings, Commands, R, Errors,
                         {Pch, std::move(Read), &Rewritten, &Dropped});
  PchUnusable = Pch && Errors.PchUnusable;
  if (PchUnusable)
    return R;
  // Parse again with what was lost given back (loops' ranges and conditions, invalid
  // variables' values made opaque; calls to a changed LibTorch API respelled), until
  // nothing more comes back (a chain of invalid variables is freed one link per parse) or
  // MaxRecoveries. The file's state (errors, missing headers) is the first parse's; the
  // findings are the last one's, moved back to the user's text, without fix-its in the
  // rewritten files (their offsets moved). A pass that would give nothing back ends it.
  constexpr int MaxRecoveries = 4;
  for (int Pass = 0; Pass < MaxRecoveries && !Dropped.empty(); ++Pass) {
    if (!Rewritten.apply(Dropped))
      break;
    TUResult Again;
    ErrorCounter Ignored;
    Dropped = LostParts();
    parseOnce(Db, File, Settings, Commands, Again, Ignored, {Pch, nullptr, &Rewritten, &Dropped});
    for (Finding &F : Again.Findings)
      Rewritten.restore(F);
    R.Findings = std::move(Again.Findings);
    R.Facts = std::move(Again.Facts);
  }
  R.Errors = Errors.Count;
  R.FirstError = Errors.First;
  R.MissingHeaders = Errors.Missing;
  // Not parsed at all (a compile command the driver rejected, an unreadable file): nothing
  // of it was analysed, whatever the errors say.
  R.Failed = !R.Parsed || (Status != 0 && Errors.Count == 0) || Errors.UnreadableEncoding;
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
  return R;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> parseFileSystem() {
  std::vector<std::string> NoPrelude;
  return parseFileSystem(RecoveredFiles(), NoPrelude);
}

} // namespace hostsync
