#include "core/ProjectCalls.h"

#include "analysis/CallSites.h"
#include "analysis/DeclKeys.h"
#include "analysis/FactsExport.h"
#include "match/MacroContext.h"
#include "match/TensorOps.h"

#include "clang/AST/ASTLambda.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <tuple>

using namespace clang;

namespace hostsync {

namespace {

// An argument as messages quote it: its text, shortened.
std::string argumentText(ASTContext &Ctx, const Expr *Arg) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Text =
      Lexer::getSourceText(SM.getExpansionRange(Arg->getSourceRange()), SM, Ctx.getLangOpts())
          .str();
  if (Text.size() > 40 || Text.find('\n') != std::string::npos)
    Text = Text.substr(0, std::min(Text.find('\n'), size_t(37))) + "...";
  return Text;
}

// The argument's device, open as the project pass reads it (analysis/FactsExport).
ProjectCall::Argument argumentOfCall(TUContext &TU, const Expr *Arg, unsigned Param,
                                     const FunctionDecl *Caller) {
  const DeviceTrace &T = TU.Facts.lastTrace();
  ProjectCall::Argument A;
  A.Param = Param;
  A.Text = argumentText(TU.Ctx, Arg);
  A.Device = openValueOf(T, TU.CpuOnlyProgram);
  A.Why = T.Raw == Device::Cuda && T.CudaAt ? cudaEvidence(TU.Ctx, T.CudaAt)
          : T.Raw == Device::Cuda           ? "on CUDA"
                                            : T.UnknownWhy;
  if (Caller)
    for (unsigned I = 0; I < Caller->getNumParams(); ++I)
      if (T.Params.count(Caller->getParamDecl(I)))
        A.CallerParams.push_back(I);
  return A;
}

} // namespace

std::vector<ProjectCall> recordCalls(TUContext &TU) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  const Catalog &Rules = Catalog::embedded();
  std::vector<ProjectCall> Out;
  for (const auto &[F, Sites] : TU.Facts.callSites().calls()) {
    // Only the project's own functions have findings; LibTorch's syncs are the rules' ops. A
    // lambda's syncs belong to the function around it (summaryOwner).
    if (isLibraryFunction(F) || isLambdaCallOperator(F))
      continue;
    std::string Callee = functionKey(F);
    if (Callee.empty())
      continue;
    for (const Expr *Site : Sites) {
      SourceLocation Loc = SM.getFileLoc(Site->getExprLoc());
      if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
        continue;
      PresumedLoc P = SM.getPresumedLoc(Loc);
      if (P.isInvalid())
        continue;
      ProjectCall C;
      C.Callee = Callee;
      C.CalleeName = quotedName(F);
      // Not a call of the running program: in a check's message, built only when it fails.
      MacroContext Macros = macroContextOf(TU.Ctx, Site, Site->getExprLoc());
      if (Macros.InCheckMessage)
        continue;
      if (!Macros.Macro.empty()) {
        C.MacroSite = Macros.Macro + "@" + Macros.WrittenAt + "#" + Callee;
        C.MacroNote = " (in the expansion of macro `" + Macros.Macro + "`, written at " +
                      Macros.WrittenAt + ")";
      }
      const FunctionDecl *Caller = summaryOwner(TU.Hot.enclosingFunction(Site));
      if (Caller) {
        C.Caller = functionKey(Caller);
        C.CallerName = Caller->getQualifiedNameAsString();
      }
      C.File = findingPath(SM.getFileManager(), P.getFilename());
      C.Line = P.getLine();
      C.Column = P.getColumn();
      C.SourceLine = lineText(SM, Loc);
      RankResult R = TU.Hot.rankOf(Site);
      C.LoopRank = R.Value;
      C.RankReason = R.Reason;
      C.Period = R.Period;
      for (unsigned I = 0; I < F->getNumParams(); ++I) {
        const Expr *Arg = argumentOf(Site, F, I);
        if (Arg && !passesNoValue(Arg) &&
            TU.Facts.argumentDevice(Arg, F->getParamDecl(I)->getType()))
          C.Arguments.push_back(argumentOfCall(TU, Arg, I, Caller));
      }
      const SuppressionIndex &Nolint = TU.suppressionsFor(SM.getFileID(Loc));
      for (const RuleInfo &Rule : Rules.rules())
        if (auto S = Nolint.find(Rule.Id, C.Line))
          C.Suppressed.push_back({Rule.Id, S->Reason});
      Out.push_back(std::move(C));
    }
  }
  // The map's order is the pointers': sort for a run that repeats itself.
  std::sort(Out.begin(), Out.end(), [](const ProjectCall &A, const ProjectCall &B) {
    return std::tie(A.File, A.Line, A.Column, A.Callee, B.LoopRank) <
           std::tie(B.File, B.Line, B.Column, B.Callee, A.LoopRank);
  });
  return Out;
}

} // namespace hostsync
