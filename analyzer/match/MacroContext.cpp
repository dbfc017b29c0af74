#include "match/MacroContext.h"

#include "compat/LLVMCompat.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

#include <vector>

using namespace clang;

namespace hostsync {

namespace {
// LibTorch's checks: each expands to `if (!(cond)) { fail(message) }`.
bool isCheckMacro(StringRef Name) {
  // TORCH_INTERNAL_ASSERT_DEBUG_ONLY runs only in debug builds: not a check of every call.
  if (compat::endsWith(Name, "_DEBUG_ONLY"))
    return false;
  return compat::startsWith(Name, "TORCH_CHECK") ||
         compat::startsWith(Name, "TORCH_INTERNAL_ASSERT") ||
         compat::isOneOf(Name, {"AT_ASSERT", "AT_ASSERTM", "AT_CHECK"});
}

// The macros a location is expanded from, innermost first.
std::vector<std::string> macroChain(const SourceManager &SM, const LangOptions &LO,
                                    SourceLocation L) {
  std::vector<std::string> Names;
  for (int Steps = 0; L.isMacroID() && Steps < 64; ++Steps) {
    StringRef Name = Lexer::getImmediateMacroName(L, SM, LO);
    if (!Name.empty() && (Names.empty() || Names.back() != Name))
      Names.push_back(Name.str());
    L = SM.getImmediateMacroCallerLoc(L);
  }
  return Names;
}

bool contains(const Stmt *Outer, const Stmt *Inner, ASTContext &Ctx) {
  if (!Outer)
    return false;
  DynTypedNode N = DynTypedNode::create(*Inner);
  for (int Steps = 0; Steps < 64; ++Steps) {
    if (N.get<Stmt>() == Outer)
      return true;
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return false;
    N = Parents[0];
  }
  return false;
}
} // namespace

MacroContext macroContextOf(ASTContext &Ctx, const Stmt *At, SourceLocation Loc) {
  MacroContext C;
  // An op written outside any macro is in no macro's body and no check's condition or
  // message (those are macro arguments): nothing to walk.
  if (!Loc.isMacroID())
    return C;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  {
    // Spelled inside the outermost invocation's text (a macro argument written here), or
    // in a definition's body elsewhere?
    CharSourceRange Invocation = SM.getExpansionRange(Loc);
    SourceLocation Spelled = SM.getSpellingLoc(Loc);
    bool InInvocation = SM.getFileID(Spelled) == SM.getFileID(Invocation.getBegin()) &&
                        !SM.isBeforeInTranslationUnit(Spelled, Invocation.getBegin()) &&
                        !SM.isBeforeInTranslationUnit(Invocation.getEnd(), Spelled);
    std::vector<std::string> Chain = macroChain(SM, LO, Loc);
    if (!InInvocation && !Chain.empty()) {
      C.Macro = Chain.back();
      PresumedLoc P = SM.getPresumedLoc(Spelled);
      if (P.isValid())
        C.WrittenAt =
            llvm::sys::path::filename(P.getFilename()).str() + ":" + std::to_string(P.getLine());
    }
  }
  // The enclosing `if` that a check macro expands to.
  DynTypedNode N = DynTypedNode::create(*At);
  for (int Steps = 0; Steps < 64; ++Steps) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty() || Parents[0].get<Decl>())
      break;
    N = Parents[0];
    const auto *If = N.get<IfStmt>();
    if (!If || !If->getIfLoc().isMacroID())
      continue;
    std::vector<std::string> Chain = macroChain(SM, LO, If->getIfLoc());
    std::string Check;
    bool DebugOnly = false;
    for (const std::string &Name : Chain) {
      DebugOnly = DebugOnly || compat::endsWith(Name, "_DEBUG_ONLY");
      if (isCheckMacro(Name))
        Check = Name; // the outermost of LibTorch's (AT_ASSERTM, not the assert inside it)
    }
    if (DebugOnly)
      break; // runs in debug builds only: neither every call's check nor only its failure's
    if (Check.empty())
      continue;
    if (contains(If->getCond(), At, Ctx))
      C.Check = Check;
    else if (contains(If->getThen(), At, Ctx))
      C.InCheckMessage = true;
    break;
  }
  return C;
}

} // namespace hostsync
