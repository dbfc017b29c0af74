#include "recovery/Recovery.h"

#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace hostsync {

namespace {
// MYLIB_EXPORT, DETECTION_API: capitals, digits and at least one underscore.
bool looksLikeMacro(llvm::StringRef Name) {
  if (Name.empty() || !(Name[0] >= 'A' && Name[0] <= 'Z') || !Name.contains('_'))
    return false;
  for (char C : Name)
    if (!((C >= 'A' && C <= 'Z') || (C >= '0' && C <= '9') || C == '_'))
      return false;
  return true;
}
} // namespace

void exportMacroRewrites(ASTContext &Ctx, const UserFiles &Files, std::vector<SourceRewrite> &Out) {
  SourceManager &SM = Ctx.getSourceManager();
  for (const auto &[F, File] : Files) {
    std::vector<Token> Toks = rawTokens(SM, F, Ctx.getLangOpts());
    // `class|struct MACRO Name {` (or `:` for a base, `final`): valid C++ only when MACRO
    // is a macro, and the parse defined none by that name.
    for (size_t I = 0; I + 3 < Toks.size(); ++I) {
      const Token &Key = Toks[I], &Macro = Toks[I + 1], &Name = Toks[I + 2], &Next = Toks[I + 3];
      if (!Key.is(tok::raw_identifier) ||
          !(Key.getRawIdentifier() == "class" || Key.getRawIdentifier() == "struct") ||
          !Macro.is(tok::raw_identifier) || !Name.is(tok::raw_identifier) ||
          !looksLikeMacro(Macro.getRawIdentifier()))
        continue;
      if (!(Next.isOneOf(tok::l_brace, tok::colon) ||
            (Next.is(tok::raw_identifier) && Next.getRawIdentifier() == "final")))
        continue;
      auto II = Ctx.Idents.find(Macro.getRawIdentifier());
      if (II != Ctx.Idents.end() && II->getValue()->hadMacroDefinition())
        continue;
      unsigned Begin = SM.getFileOffset(Macro.getLocation());
      Out.push_back({File, Begin, Begin + Macro.getLength(), SourceRewrite::Erased});
    }
  }
}

} // namespace hostsync
