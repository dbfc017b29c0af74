#include "analysis/LostMentions.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <set>

using namespace clang;

namespace hostsync {

namespace {
// The file offsets of V's valid references in a body; a RecoveryExpr's are not valid (its
// statement did not compile, and what it does is not read).
class References : public RecursiveASTVisitor<References> {
public:
  References(const SourceManager &SM, const VarDecl *V, FileID File) : SM(SM), V(V), File(File) {}
  bool TraverseRecoveryExpr(RecoveryExpr *) { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    if (R->getDecl() == V)
      add(R->getLocation());
    return true;
  }
  void add(SourceLocation L) {
    auto [F, Offset] = SM.getDecomposedLoc(SM.getSpellingLoc(L));
    if (F == File)
      Offsets.insert(Offset);
  }
  std::set<unsigned> Offsets;

private:
  const SourceManager &SM;
  const VarDecl *V;
  FileID File;
};
} // namespace

bool LostMentions::of(const VarDecl *V) {
  auto [It, New] = Cache.try_emplace(V, true);
  if (New)
    It->second = compute(V);
  return It->second;
}

bool LostMentions::compute(const VarDecl *V) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  Stmt *Body = F ? F->getBody() : nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Body || !V->getIdentifier() || Body->getBeginLoc().isMacroID() ||
      Body->getEndLoc().isMacroID())
    return true;
  auto [File, Begin] = SM.getDecomposedLoc(Body->getBeginLoc());
  auto [EndFile, End] = SM.getDecomposedLoc(Body->getEndLoc());
  if (File != EndFile)
    return true;
  References Refs(SM, V, File);
  Refs.add(V->getLocation());
  Refs.TraverseStmt(Body);
  bool Invalid = false;
  llvm::StringRef Text = SM.getBufferData(File, &Invalid);
  if (Invalid || End >= Text.size())
    return true;
  Lexer Lex(SM.getLocForStartOfFile(File), Ctx.getLangOpts(), Text.begin(), Text.begin() + Begin,
            Text.end());
  Token Tok, Previous;
  Previous.startToken();
  while (!Lex.LexFromRawLexer(Tok) && SM.getFileOffset(Tok.getLocation()) <= End) {
    // `other.name`, `ns::name`: another entity's name, not the variable.
    bool Qualified = Previous.isOneOf(tok::period, tok::arrow, tok::coloncolon);
    if (Tok.is(tok::raw_identifier) && !Qualified && Tok.getRawIdentifier() == V->getName() &&
        !Refs.Offsets.count(SM.getFileOffset(Tok.getLocation())))
      return true;
    Previous = Tok;
  }
  return false;
}

} // namespace hostsync
