// Modules a function builds itself, and when it moves them: the weights of a module that
// `std::make_shared<NetImpl>(...)`, `Net net(...)` or `std::shared_ptr<NetImpl>(new
// NetImpl(...))` makes are on the host until `net->to(device)` or `net->cuda()` moves them.
// A module's clone() that fills a fresh copy from its own weights before moving it
// (`for (auto &p : copy->named_parameters()) p.value().copy_(named_parameters()[p.key()]);
// copy->to(device);`) copies each weight to the host (issue 51).
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace hostsync {

// The local variable a module is reached through (`copy->...`, `net.`, `(*net).`); null for
// anything else.
const clang::VarDecl *moduleVariable(const clang::Expr *Object);

// Whether V, a local that holds a user module, was built by its function and is not moved
// before Use: no `to(...)` or `cuda()` on V, nor V handed to a function or another holder
// (which may move it), earlier in the function, nor later in a loop that also holds Use (a
// later turn would see it moved); and V is never assigned another module.
bool builtOnHostAt(clang::ASTContext &Ctx, const clang::VarDecl *V, const clang::Expr *Use);

} // namespace hostsync
