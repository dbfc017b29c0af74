#include "core/HeaderInstantiations.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/Sema.h"
#include "llvm/Config/llvm-config.h"

#include <algorithm>

namespace hostsync {

void HeaderInstantiationFilter::attach(clang::Sema &Sema) {
  if (S)
    return;
  S = &Sema;
  // An inline function used and left undefined is a warning at the end of the translation
  // unit; -Werror in a compile command must not make the dropped ones errors.
  clang::DiagnosticsEngine &Diags = S->getDiagnostics();
  for (unsigned Id : {clang::diag::warn_undefined_inline, clang::diag::warn_undefined_internal})
    Diags.setSeverity(Id, clang::diag::Severity::Ignored, clang::SourceLocation());
    // Sema keeps its external sources in a list and hands each the same vector in turn, so
    // this one, added last, sees what the PCH's reader put in it.
#if LLVM_VERSION_MAJOR >= 22
  S->addExternalSource(llvm::IntrusiveRefCntPtr<clang::ExternalSemaSource>(this));
#else
  S->addExternalSource(this);
#endif
}

bool HeaderInstantiationFilter::inSystemHeader(const clang::Decl *D) const {
  const clang::SourceManager &SM = S->getSourceManager();
  return D && SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

void HeaderInstantiationFilter::ReadUsedVTables(
    llvm::SmallVectorImpl<clang::ExternalVTableUse> &VTables) {
  VTables.erase(
      std::remove_if(VTables.begin(), VTables.end(),
                     [&](const clang::ExternalVTableUse &U) { return inSystemHeader(U.Record); }),
      VTables.end());
  // Sema's own list is left alone: it is read, by index, while uses are added to it. The
  // virtual members of the system-header classes it holds are dropped below, as pending
  // instantiations.
}

void HeaderInstantiationFilter::ReadPendingInstantiations(
    llvm::SmallVectorImpl<std::pair<clang::ValueDecl *, clang::SourceLocation>> &Pending) {
  // Kept: instantiations whose type involves the user's types without linkage (a lambda in
  // std::function<void()>'s constructor, std::thread's), and internal ones. Left undefined,
  // those are errors ("used but not defined in this translation unit"), not warnings.
  auto FromHeader = [&](const std::pair<clang::ValueDecl *, clang::SourceLocation> &P) {
    return inSystemHeader(P.first) && P.first->isExternallyVisible() &&
           !S->isExternalWithNoLinkageType(P.first);
  };
  Pending.erase(std::remove_if(Pending.begin(), Pending.end(), FromHeader), Pending.end());
  S->PendingInstantiations.erase(
      std::remove_if(S->PendingInstantiations.begin(), S->PendingInstantiations.end(), FromHeader),
      S->PendingInstantiations.end());
}

} // namespace hostsync
