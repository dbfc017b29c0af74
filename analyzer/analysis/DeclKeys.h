// The project-wide keys of a translation unit's declarations (model/FactKeys.h spells them):
// what a function returns, its parameter I, a data member, where modules of a class are
// moved. Key "" for a declaration no other translation unit can name (a local class, a
// lambda's, a static function), which stays unknown. Each is built from the first
// declaration, so that every file gives the same; Name is how reasons name it
// ("parameter `t` of `f()`").
#pragma once

#include "model/FactKeys.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"

#include <string>

namespace hostsync {

// F's first declaration (nullptr for none): the one that keys and summaries name.
inline const clang::FunctionDecl *canonical(const clang::FunctionDecl *F) {
  return F ? F->getCanonicalDecl() : nullptr;
}
// Not inside a function, a lambda or an anonymous namespace.
bool nameableElsewhere(const clang::Decl *D);
// `<qualified name>(<parameter types>)` of F's first declaration, "" when no other
// translation unit can name F.
std::string signature(const clang::FunctionDecl *F);
// The function a summary of syncs belongs to: the one whose body holds F when F is a
// lambda's call operator (AT_DISPATCH runs its lambda in place; the lambdas around it
// skipped), F otherwise; nullptr for a lambda outside any function.
const clang::FunctionDecl *summaryOwner(const clang::FunctionDecl *F);
// How a finding and a call name a function (Finding::FunctionKey, ProjectCall::Callee): its
// signature, or for one that other files cannot name (static, a lambda's), where it is
// defined; a template's instantiations share their pattern's key. "" for none.
std::string functionKey(const clang::FunctionDecl *F);
FactKey returnKey(const clang::FunctionDecl *F);
FactKey argumentKey(const clang::FunctionDecl *F, unsigned I);
FactKey fieldKey(const clang::FieldDecl *F);
// What F stores into the container its parameter I refers to (analysis/ContainerStores.h).
FactKey fillKey(const clang::FunctionDecl *F, unsigned I);
// Where the project moves modules of a user module class (an evidence key).
FactKey moduleKey(const clang::CXXRecordDecl *C);

} // namespace hostsync
