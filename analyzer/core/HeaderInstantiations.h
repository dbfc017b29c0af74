// Keeps a parse from instantiating the code of system headers that nothing of ours reads.
//
// At the end of a translation unit Clang defines every vtable the code used and instantiates
// every pending template, those a precompiled header carries included: for LibTorch's PCH,
// the virtual members of its class templates (c10::SingleElementType<...>::equals,
// torch::nn::ConvNdImpl<...>::pretty_print) and what they call. That was 85% of the parse
// of an empty file over the PCH (-ftime-trace). The rules walk the user's code only
// (ParseFile.cpp), so bodies instantiated from system headers are never looked at; the user's
// own templates are still instantiated, and so is whatever their instantiation needs.
#pragma once

#include "clang/Sema/ExternalSemaSource.h"

namespace clang {
class Sema;
} // namespace clang

namespace hostsync {

// An external Sema source that Sema consults, after the PCH's reader, when the translation
// unit ends: it drops the vtable uses and pending instantiations whose declarations are in
// system headers, those the reader has just handed over and those the parse queued itself.
class HeaderInstantiationFilter : public clang::ExternalSemaSource {
public:
  // Registers the filter with S; call once the PCH's reader is registered (after
  // Sema::Initialize, i.e. from the first top-level declaration on).
  void attach(clang::Sema &S);

  void ReadUsedVTables(llvm::SmallVectorImpl<clang::ExternalVTableUse> &VTables) override;
  void ReadPendingInstantiations(
      llvm::SmallVectorImpl<std::pair<clang::ValueDecl *, clang::SourceLocation>> &Pending)
      override;

private:
  bool inSystemHeader(const clang::Decl *D) const;
  clang::Sema *S = nullptr;
};

} // namespace hostsync
