// The module cache of a compiler instance, which LLVM 20 put behind a ModuleCache. A header
// of its own: CompilerInstance.h is too heavy for LLVMCompat.h, which nearly every source
// includes.
#pragma once

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Serialization/InMemoryModuleCache.h"
#include "llvm/Config/llvm-config.h"
#if LLVM_VERSION_MAJOR >= 20
#include "clang/Serialization/ModuleCache.h"
#endif

namespace hostsync {
namespace compat {

// The buffers of the module files and PCHs a compiler instance has read.
inline clang::InMemoryModuleCache &inMemoryModuleCache(clang::CompilerInstance &CI) {
#if LLVM_VERSION_MAJOR >= 20
  return CI.getModuleCache().getInMemoryModuleCache();
#else
  return CI.getModuleCache();
#endif
}

} // namespace compat
} // namespace hostsync
