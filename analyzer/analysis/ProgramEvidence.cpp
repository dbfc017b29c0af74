#include "analysis/ProgramEvidence.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace hostsync {

namespace {
bool inCudaNamespace(const Decl *D) {
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *N = dyn_cast<NamespaceDecl>(C); N && N->getName() == "cuda")
      return true;
  return false;
}

bool mentionsCuda(llvm::StringRef S) { return S.lower().find("cuda") != std::string::npos; }

// The plain name of a declaration; "" for operators, conversions and the like.
llvm::StringRef nameOf(const NamedDecl *D) {
  return D->getDeclName().isIdentifier() ? D->getName() : llvm::StringRef();
}

class CudaEvidence : public RecursiveASTVisitor<CudaEvidence> {
public:
  bool Found = false;
  bool HasMain = false;

  bool VisitFunctionDecl(FunctionDecl *F) {
    HasMain |= F->isMain() && F->doesThisDeclarationHaveABody();
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    llvm::StringRef Name = nameOf(D);
    if (Name == "kCUDA" || inCudaNamespace(D) || (isa<EnumConstantDecl>(D) && Name == "CUDA") ||
        (isa<FunctionDecl>(D) && Name.lower().rfind("cuda", 0) == 0))
      return found();
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    const ValueDecl *D = E->getMemberDecl();
    if (nameOf(D) == "cuda" || inCudaNamespace(D))
      return found();
    return true;
  }
  bool VisitStringLiteral(StringLiteral *S) {
    if (S->getCharByteWidth() == 1 && mentionsCuda(S->getString()))
      return found();
    return true;
  }
  // torch::Device(name) / torch::Device(type): CUDA may come in through a value.
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    const CXXRecordDecl *R = E->getConstructor()->getParent();
    if (!R || nameOf(R) != "Device" || E->getNumArgs() == 0)
      return true;
    const Expr *Arg = E->getArg(0)->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Arg))
      Arg = M->getSubExpr()->IgnoreParenImpCasts();
    if (Arg->getType()->getAsCXXRecordDecl() == R)
      return true; // a copy: the original's construction is looked at where it is
    // A literal was seen by VisitStringLiteral; std::string("cpu") too.
    if (isa<StringLiteral>(Arg))
      return true;
    if (const auto *C = dyn_cast<CXXConstructExpr>(Arg))
      if (C->getNumArgs() && isa<StringLiteral>(C->getArg(0)->IgnoreParenImpCasts()))
        return true;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Arg))
      if (nameOf(Ref->getDecl()) == "kCPU")
        return true;
    return found(); // computed: argv, a flag, a ternary, a variable...
  }

private:
  bool found() {
    Found = true;
    return false; // one piece of evidence is enough
  }
};
} // namespace

bool isCpuOnlyProgram(ASTContext &Ctx, const std::vector<Decl *> &TopLevel) {
  if (Ctx.getLangOpts().CUDA)
    return false;
  CudaEvidence V;
  for (Decl *D : TopLevel) {
    V.TraverseDecl(D);
    if (V.Found)
      return false;
  }
  return V.HasMain;
}

} // namespace hostsync
