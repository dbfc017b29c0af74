#include "core/RuleCheck.h"
#include "model/FindingBuilder.h"
#include "match/CompileErrors.h"
#include "match/MacroContext.h"

#include "common/Lines.h"

#include "clang/Lex/Lexer.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace hostsync {

std::string lineText(const SourceManager &SM, SourceLocation Loc) {
  // The whole line as the file holds it: a NUL byte in a comment does not end it, and "\r"
  // alone ends it as it does for Clang's line numbers.
  std::pair<FileID, unsigned> At = SM.getDecomposedSpellingLoc(Loc);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(At.first, &Invalid);
  if (Invalid)
    return "";
  return std::string(text::lineAt(Buffer, At.second));
}

// Relative to the compile command's directory, which the FileManager knows (the process's
// own working directory is another one).
std::string findingPath(FileManager &FM, StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  FM.makeAbsolutePath(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs.str());
}

const SuppressionIndex &TUContext::suppressionsFor(FileID File) {
  auto &Slot = Suppressions[File.getHashValue()];
  if (!Slot) {
    const SourceManager &SM = Ctx.getSourceManager();
    bool Invalid = false;
    StringRef Text = SM.getBufferData(File, &Invalid);
    Slot = std::make_unique<SuppressionIndex>(Invalid ? std::string() : Text.str());
    StringRef Name = SM.getFilename(SM.getLocForStartOfFile(File));
    for (const std::string &E : Slot->errors())
      SourceErrors.push_back(Name.str() + ": " + E);
  }
  return *Slot;
}

std::string cudaEvidence(ASTContext &Ctx, const Expr *CudaAt) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = SM.getFileLoc(CudaAt->getBeginLoc());
  std::string Text =
      Lexer::getSourceText(SM.getExpansionRange(CudaAt->getSourceRange()), SM, Ctx.getLangOpts())
          .str();
  if (Text.size() > 60 || Text.find('\n') != std::string::npos)
    Text = Text.substr(0, std::min(Text.find('\n'), size_t(57))) + "...";
  return "`" + Text + "` at line " + std::to_string(SM.getPresumedLineNumber(L));
}

std::string RuleCheck::tensorPhrase(Device Where) {
  return Where == Device::Cuda ? "a CUDA tensor" : "a tensor that may be on CUDA";
}

namespace {
// A fix-it hint as byte edits of files; none when any range is not plain file text.
std::vector<Replacement> toReplacements(const SourceManager &SM, const LangOptions &LO,
                                        const std::vector<FixItHint> &Hints) {
  std::vector<Replacement> Out;
  for (const FixItHint &H : Hints) {
    CharSourceRange R = H.RemoveRange;
    if (R.getBegin().isMacroID() || R.getEnd().isMacroID() || R.getBegin().isInvalid())
      return {};
    SourceLocation End =
        R.isTokenRange() ? Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, LO) : R.getEnd();
    auto [FileA, OffA] = SM.getDecomposedLoc(R.getBegin());
    auto [FileB, OffB] = SM.getDecomposedLoc(End);
    StringRef Name = SM.getFilename(R.getBegin());
    if (FileA != FileB || OffB < OffA || Name.empty())
      return {};
    Out.push_back({findingPath(SM.getFileManager(), Name), OffA, OffB - OffA, H.CodeToInsert});
  }
  return Out;
}
} // namespace

std::string RuleCheck::sourceText(const Expr *E) const {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return "";
  return Lexer::getSourceText(R, SM, TU.Ctx.getLangOpts()).str();
}

void RuleCheck::setDevice(Finding &F, Device Where) const {
  const DeviceTrace &T = TU.Facts.matchTrace();
  switch (Where) {
  case Device::Cpu:
    F.Device = DeviceConfidence::Cpu;
    F.DeviceReason = "the tensor is made on the host";
    return;
  case Device::Cuda:
    F.Device = DeviceConfidence::Cuda;
    F.DeviceReason =
        T.CudaAt ? cudaEvidence(TU.Ctx, T.CudaAt) : "the op syncs on CUDA whatever its input";
    return;
  case Device::Unknown:
  case Device::Deferred:
    break;
  }
  unknownDevice(F, T.UnknownWhy,
                T.Raw == Device::Deferred ? DeviceState::Cpu : DeviceState::Unknown, TU.Assume,
                TU.CpuOnlyProgram ? "this program defines main() and names no CUDA device" : "");
  F.Open.Keys = T.Keys;
  F.Open.Inverted = Inverted;
}

void RuleCheck::report(const Stmt *At, SourceLocation Loc, StringRef Op, Device Where,
                       const std::string &Message, const std::string &Note, const Rewrite &Fix) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  MacroContext Macros = macroContextOf(TU.Ctx, At, Loc);
  // An op written in a macro argument is reported where it is written (as Clang does); one
  // written in a macro body, at the expansion.
  // (A token pasted by ## has no place in a file of its own: the expansion's.)
  Loc = SM.isWrittenInScratchSpace(SM.getSpellingLoc(Loc)) ? SM.getExpansionLoc(Loc)
                                                           : SM.getFileLoc(Loc);
  if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
    return;
  // Never a finding on what does not compile (a file analysed with gaps), nor in a check's
  // message (built only when the check fails, just before it throws).
  if (errorsOfItsOwn(dyn_cast<Expr>(At)) || Macros.InCheckMessage)
    return;
  PresumedLoc P = SM.getPresumedLoc(Loc);
  if (P.isInvalid())
    return;
  // The finding both front ends build (model/FindingBuilder).
  Finding F = startFinding(Rule, findingPath(SM.getFileManager(), P.getFilename()), P.getLine(),
                           P.getColumn(), Op.str());
  setDevice(F, Where);
  RankResult R = TU.Hot.rankOf(At);
  rankFinding(F, R.Value, R.Reason, R.Period);
  if (const FunctionDecl *Fn = TU.Hot.enclosingFunction(At)) {
    F.Function = Fn->getQualifiedNameAsString();
    // What a call of Fn (of the function around it, for a lambda) makes of this sync
    // (model/CallFindings.h): the parameters its device was followed through.
    if (const FunctionDecl *Owner = summaryOwner(Fn)) {
      F.FunctionKey = functionKey(Owner);
      F.CallSyncs = Rule.SyncsOnCudaInput; // the catalog's, as the Python front end reads it
      const DeviceTrace &T = TU.Facts.matchTrace();
      for (unsigned I = 0; I < Owner->getNumParams(); ++I)
        if (T.Params.count(Owner->getParamDecl(I)))
          F.SyncParams.push_back(I);
    }
  }
  F.Message = Message;
  F.Fix = Note.empty() ? Rule.FixSummary : Note;
  if (!Macros.Check.empty()) {
    F.Message += "; it is in the condition of `" + Macros.Check + "`, which runs on every call";
    F.Fix = "check on the device instead: at::_assert_async(<the condition as a tensor>), "
            "e.g. at::_assert_async(index.max() < n), queues the check with the GPU's work "
            "without a wait (a failed device assert ends the CUDA context, reported at a later "
            "sync); or check once, outside the hot path";
  }
  if (!Macros.Macro.empty()) {
    F.Message +=
        " (in the expansion of macro `" + Macros.Macro + "`, written at " + Macros.WrittenAt + ")";
    F.MacroSite = Macros.Macro + "@" + Macros.WrittenAt + "#" + F.Op;
  }
  F.SourceLine = lineText(SM, Loc);
  F.Replacements = toReplacements(SM, TU.Ctx.getLangOpts(), Fix.Hints);
  if (!F.Replacements.empty())
    F.FixCondition = Fix.Condition;
  if (auto S = TU.suppressionsFor(SM.getFileID(Loc)).find(F.Rule, F.Line)) {
    F.Suppressed = true;
    F.SuppressionReason = S->Reason;
  }
  TU.Findings.push_back(std::move(F));
}

} // namespace hostsync
