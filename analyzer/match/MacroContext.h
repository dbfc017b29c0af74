// Where a finding's op sits among macros (issue 36, "Macros and checks"):
//  - in the body of a macro (`#define COPY_TO_HOST(d, s, n) cudaMemcpy(d, s, n, D2H)`): the
//    finding stays at the expansion, where the program waits, and names the macro and the
//    line the op is written on;
//  - in the condition of a TORCH_CHECK-family check (TORCH_CHECK, TORCH_CHECK_ARG,
//    TORCH_INTERNAL_ASSERT, AT_ASSERTM, ..., or a project macro around one): the condition
//    runs on every call, so its sync is reported with the check named, and the fix is a
//    check on the device (at::_assert_async);
//  - in such a check's message: built only when the check fails, just before it throws,
//    so not a sync of the running program.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <string>

namespace hostsync {

struct MacroContext {
  std::string Macro;     // the outermost macro whose body spells the op; empty: spelled here
  std::string WrittenAt; // file:line of the op inside that macro's definition
  std::string Check;     // the check whose condition holds the op; empty: none
  bool InCheckMessage = false;
};

// At: the op's statement; Loc: the location the finding points at, before expansion.
MacroContext macroContextOf(clang::ASTContext &Ctx, const clang::Stmt *At,
                            clang::SourceLocation Loc);

} // namespace hostsync
