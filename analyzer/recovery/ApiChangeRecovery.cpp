#include "recovery/Recovery.h"
#include "match/CompileErrors.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hostsync {

namespace {
// Tensor methods whose first argument an older LibTorch (<= 1.4) took as one Tensor (or a
// TensorList, to which one Tensor converts); the current API takes a list of
// TensorIndex, spelled `{t}`. Code written then (`x.index(idx)`, `x.index_put_(mask, v)`)
// no longer compiles, and with a braced list it means what it meant.
constexpr const char *BracedFirstArgument[] = {"index", "index_put_", "index_put"};

bool isTensor(QualType T) {
  if (T.isNull() || T->isDependentType())
    return false;
  const CXXRecordDecl *R = T.getNonReferenceType()->getAsCXXRecordDecl();
  return R && R->getName() == "Tensor" && R->getQualifiedNameAsString() == "at::Tensor";
}

// A failed call keeps its callee and arguments under a RecoveryExpr:
// RecoveryExpr(UnresolvedMemberExpr `x.index`, arg0, arg1...).
class ChangedCalls : public RecursiveASTVisitor<ChangedCalls> {
public:
  ChangedCalls(ASTContext &Ctx, const UserFiles &Files, std::vector<SourceRewrite> &Out)
      : SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), Files(Files), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitRecoveryExpr(RecoveryExpr *E) {
    auto Subs = E->subExpressions();
    if (Subs.size() < 2)
      return true;
    const auto *Callee = dyn_cast_or_null<UnresolvedMemberExpr>(Subs[0]);
    if (!Callee || !Callee->getName().isIdentifier() || !isTensor(Callee->getBaseType()))
      return true;
    llvm::StringRef Name = Callee->getName().getAsIdentifierInfo()->getName();
    bool Known = false;
    for (const char *N : BracedFirstArgument)
      Known |= Name == N;
    const Expr *Arg = Subs[1];
    if (Known && Arg && !errorsOfItsOwn(Arg) && isTensor(Arg->getType()))
      brace(Arg->getSourceRange());
    return true;
  }

private:
  void brace(SourceRange R) {
    if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
      return;
    SourceLocation End = Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, LO);
    auto File = Files.find(SM.getFileID(R.getBegin()));
    if (End.isInvalid() || File == Files.end() || SM.getFileID(End) != File->first)
      return;
    Out.push_back({File->second, SM.getFileOffset(R.getBegin()), SM.getFileOffset(End),
                   SourceRewrite::Braced});
  }
  SourceManager &SM;
  const LangOptions &LO;
  const UserFiles &Files;
  std::vector<SourceRewrite> &Out;
};
} // namespace

void apiChangeRewrites(ASTContext &Ctx, const std::vector<Decl *> &TopLevel, const UserFiles &Files,
                       std::vector<SourceRewrite> &Out) {
  ChangedCalls Visitor(Ctx, Files, Out);
  for (Decl *D : TopLevel)
    Visitor.TraverseDecl(D);
}

} // namespace hostsync
