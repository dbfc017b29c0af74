#include "core/RunRules.h"

#include "analysis/FactsExport.h"
#include "core/ProjectCalls.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;

namespace hostsync {

std::vector<Decl *> userDecls(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> Out;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      Out.push_back(D);
  return Out;
}

RulesResult runRules(ASTContext &Ctx, const std::vector<Decl *> &TopLevel,
                     const std::vector<RegisteredRule> &Registered,
                     const std::vector<std::string> &EnabledRules, AssumeDevice Assume) {
  RulesResult Out;
  if (TopLevel.empty())
    return Out;
  Ctx.setTraversalScope(TopLevel);
  {
    TUContext TU(Ctx, TopLevel, Assume);
    TU.suppressionsFor(Ctx.getSourceManager().getMainFileID()); // unmatched BEGIN: an error
    ast_matchers::MatchFinder Finder;
    std::vector<std::unique_ptr<RuleCheck>> Checks;
    const Catalog &C = Catalog::embedded();
    for (const RegisteredRule &R : Registered) {
      if (std::find(EnabledRules.begin(), EnabledRules.end(), R.Id) == EnabledRules.end())
        continue;
      if (const RuleInfo *Info = C.find(R.Id)) {
        Checks.push_back(R.Create(*Info, TU));
        Checks.back()->registerMatchers(&Finder);
      }
    }
    Finder.matchAST(Ctx);
    Out.Facts = exportFacts(Ctx, TU.Index, TU.Facts, TU.CpuOnlyProgram);
    Out.Calls = recordCalls(TU);
    Out.Findings = std::move(TU.Findings);
    Out.SourceErrors = std::move(TU.SourceErrors);
  }
  Ctx.setTraversalScope({Ctx.getTranslationUnitDecl()});
  return Out;
}

} // namespace hostsync
