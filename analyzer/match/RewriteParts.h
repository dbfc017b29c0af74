// The pieces the rules build their rewrites from: constants, operands that may be written a
// second time, the arguments a caller actually wrote, size lists. A rewrite is offered only
// when every piece it needs is found here.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hostsync {

// E without implicit nodes and single-argument constructions: optional<Scalar>(Scalar(v))
// is v, ArrayRef(initializer list) is the list. A construction of any other arity (a
// default-constructed optional, ArrayRef(data, size)) is where it stops.
const clang::Expr *unwrapConversions(const clang::Expr *E);
// The value of an integer constant expression (a literal, -1, kClasses - 1, a constexpr).
std::optional<int64_t> intConstant(const clang::Expr *E, const clang::ASTContext &Ctx);
// Can E be evaluated once more without changing the program: a variable, a constant, a
// member of a variable (x.size(0) is built from such operands by the rule, not read here)?
bool isRepeatable(const clang::Expr *E, const clang::ASTContext &Ctx);
// The arguments the caller wrote (defaulted ones left out), in order.
std::vector<const clang::Expr *> writtenArgs(const clang::CallExpr *Call);
// Inserts Text as trailing arguments of Call, after the last argument written.
clang::FixItHint appendArgs(const clang::CallExpr *Call, const std::string &Text);
// The elements of a braced list passed as an ArrayRef ({B, H, W}); nullopt for anything
// else (a variable, a vector).
std::optional<std::vector<const clang::Expr *>> bracedList(const clang::Expr *Arg);
// The first argument of Call that is a braced size list, with its elements.
std::optional<std::vector<const clang::Expr *>> sizeListArg(const clang::CallExpr *Call);

} // namespace hostsync
