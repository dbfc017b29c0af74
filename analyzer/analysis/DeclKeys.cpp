#include "analysis/DeclKeys.h"
#include "analysis/CallSites.h"

using namespace clang;

namespace hostsync {

namespace {
std::string typeList(const FunctionDecl *F) {
  std::string Out;
  for (const ParmVarDecl *P : F->parameters())
    Out += (Out.empty() ? "" : ",") + P->getType().getCanonicalType().getAsString();
  return Out;
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

FactKey fieldKey(const FieldDecl *F) {
  const RecordDecl *C = F->getParent();
  if (!nameableElsewhere(C) || !C->getIdentifier())
    return {};
  std::string Class = C->getQualifiedNameAsString();
  return {factkey::fieldKey(Class, F->getName().str()),
          "the member `" + F->getName().str() + "` of `" + Class + "`"};
}

FactKey moduleKey(const CXXRecordDecl *C) {
  if (!nameableElsewhere(C))
    return {};
  std::string Name = C->getQualifiedNameAsString();
  return {factkey::moduleKey(Name), "`" + Name + "` modules"};
}

} // namespace hostsync
