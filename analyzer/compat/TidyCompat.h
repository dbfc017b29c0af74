// The clang-tidy headers the module needs, across LLVM versions: from LLVM 22 the module
// registry lives in ClangTidyModule.h and ClangTidyModuleRegistry.h is deprecated.
#pragma once

#include "llvm/Config/llvm-config.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#if LLVM_VERSION_MAJOR < 22
#include "clang-tidy/ClangTidyModuleRegistry.h"
#endif
