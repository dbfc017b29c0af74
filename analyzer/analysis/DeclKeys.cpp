#include "analysis/DeclKeys.h"
#include "analysis/CallSites.h"

#include "clang/AST/ASTLambda.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace hostsync {

namespace {
std::string typeList(const FunctionDecl *F) {
  std::string Out;
  for (const ParmVarDecl *P : F->parameters())
    Out += (Out.empty() ? "" : ",") + P->getType().getCanonicalType().getAsString();
  return Out;
}

// A class defined in the main file is that translation unit's own: another file cannot
// move or store into an object of a class it cannot see, so its facts are this TU's alone.
// Its key names the file, so that the classes of other programs of one repository (each
// tutorial's `Net` defined in its own .cpp) are not taken for it.
std::string classScope(const Decl *C) {
  if (const auto *R = dyn_cast<CXXRecordDecl>(C); R && R->getDefinition())
    C = R->getDefinition();
  const SourceManager &SM = C->getASTContext().getSourceManager();
  SourceLocation At = SM.getExpansionLoc(C->getLocation());
  if (!SM.isInMainFile(At))
    return {};
  PresumedLoc P = SM.getPresumedLoc(At);
  return (P.isValid() ? std::string(P.getFilename()) : std::string("main")) + "#";
}

} // namespace

bool nameableElsewhere(const Decl *D) {
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent()) {
    if (C->isFunctionOrMethod())
      return false;
    if (const auto *R = dyn_cast<CXXRecordDecl>(C); R && (R->isLambda() || !R->getIdentifier()))
      return false;
    if (const auto *N = dyn_cast<NamespaceDecl>(C); N && N->isAnonymousNamespace())
      return false;
  }
  return true;
}

std::string signature(const FunctionDecl *F) {
  F = F->getCanonicalDecl();
  if (!nameableElsewhere(F) || F->getStorageClass() == SC_Static)
    return {};
  return F->getQualifiedNameAsString() + "(" + typeList(F) + ")";
}

const FunctionDecl *summaryOwner(const FunctionDecl *F) {
  while (F && isLambdaCallOperator(F)) {
    const DeclContext *C = cast<CXXMethodDecl>(F)->getParent()->getDeclContext();
    while (C && !isa<FunctionDecl>(C))
      C = isa<TranslationUnitDecl>(C) || isa<NamespaceDecl>(C) ? nullptr : C->getParent();
    F = C ? cast<FunctionDecl>(C) : nullptr;
  }
  return F;
}

std::string functionKey(const FunctionDecl *F) {
  if (const FunctionDecl *Pattern = F->getTemplateInstantiationPattern())
    F = Pattern;
  if (std::string S = signature(F); !S.empty())
    return S;
  const FunctionDecl *Def = F->getDefinition() ? F->getDefinition() : F;
  const SourceManager &SM = Def->getASTContext().getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Def->getLocation()));
  if (P.isInvalid())
    return {};
  // The file's name without its directory: each translation unit may spell the path of a
  // header another way.
  return "local:" + llvm::sys::path::filename(P.getFilename()).str() + ":" +
         std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn()) + ":" +
         F->getQualifiedNameAsString();
}

FactKey returnKey(const FunctionDecl *F) {
  F = F->getCanonicalDecl();
  std::string Signature = signature(F);
  if (Signature.empty())
    return {};
  return {factkey::returnKey(Signature), "what " + quotedName(F) + " returns"};
}

FactKey argumentKey(const FunctionDecl *F, unsigned I) {
  F = F->getCanonicalDecl();
  std::string Signature = signature(F);
  if (Signature.empty() || I >= F->getNumParams())
    return {};
  return {factkey::argumentKey(Signature, I),
          "parameter `" + F->getParamDecl(I)->getName().str() + "` of " + quotedName(F)};
}

FactKey fillKey(const FunctionDecl *F, unsigned I) {
  FactKey Arg = argumentKey(F, I);
  if (Arg.Key.empty())
    return {};
  return {factkey::fillKey(signature(F), I), "what " + Arg.Name + " is filled with"};
}

FactKey fieldKey(const FieldDecl *F) {
  const RecordDecl *C = F->getParent();
  if (!nameableElsewhere(C) || !C->getIdentifier())
    return {};
  std::string Class = C->getQualifiedNameAsString();
  return {factkey::fieldKey(classScope(C) + Class, F->getName().str()),
          "the member `" + F->getName().str() + "` of `" + Class + "`"};
}

FactKey moduleKey(const CXXRecordDecl *C) {
  if (!nameableElsewhere(C))
    return {};
  std::string Name = C->getQualifiedNameAsString();
  return {factkey::moduleKey(classScope(C) + Name), "`" + Name + "` modules"};
}

} // namespace hostsync
