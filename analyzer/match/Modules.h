// LibTorch modules as types: a user's module class (struct Net : torch::nn::Module), reached
// through what holds it (TORCH_MODULE's ModuleHolder<NetImpl>, shared_ptr<Net>, a pointer
// or a reference). Device facts key a module's moves by its class (model/DeviceFacts.h).
#pragma once

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"

namespace hostsync {

// The user module class that a value of type T is or holds; null for LibTorch's own
// modules (Linear, Conv2d...) and for anything that is not a module.
const clang::CXXRecordDecl *userModuleClass(clang::QualType T);
// RD itself, when it is a user module class (derives from torch::nn::Module, not LibTorch's).
const clang::CXXRecordDecl *asUserModule(const clang::CXXRecordDecl *RD);

// The user module class of the object a method call is made on (`model->to(d)`,
// `this->register_buffer(...)`, a call inside the class's own methods); null otherwise.
const clang::CXXRecordDecl *calledModule(const clang::CXXMemberCallExpr *Call);

// What a call through a module's holder is made on: `net` for `net->f()`, `(*net).f()` (a
// holder's operator* or a pointer's) and `net(x)`; Object itself (parentheses and implicit
// casts left out) otherwise.
const clang::Expr *throughHolder(const clang::Expr *Object);

// The user module class whose data member a call goes through (`fc->forward(x)`, `fc(x)`
// in a method of Net: Net); null when the object is not a member of `this`.
const clang::CXXRecordDecl *owningModule(const clang::Expr *Object);

} // namespace hostsync
