// What a function's code puts into a container of tensors that a variable names: a local
// `std::vector<torch::Tensor>`, a parameter that refers to one (`std::vector<Tensor> &`),
// or a pointer to tensors (`Tensor *`). Elements stay once stored, so every store in the
// function counts, wherever it is (lambdas included): `v.push_back(x)`, `emplace_back`,
// `insert`, `v[i] = x`, `p[i] = x`, `*p = x`, an element of a range-for by reference
// assigned. The container passed to a function that may fill it (a non-const reference or
// pointer parameter, `v.data()` included) is handed off to that function's stores into its
// parameter: the `fill:` key of the project pass. Anything else that may store what the
// analysis cannot see makes the elements unknown.
#pragma once

#include "analysis/TensorFacts.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>
#include <vector>

namespace hostsync {

struct ContainerStores {
  std::vector<const clang::Expr *> Values; // tensors (or containers of them) stored
  struct Handoff {
    const clang::FunctionDecl *Callee;
    unsigned Param;
    const clang::Expr *Arg;
  };
  std::vector<Handoff> PassedOn; // to functions that may fill it
  std::string UnknownWhy;        // non-empty: a store the analysis cannot see may happen
};

// A std::vector of tensors, or a pointer to non-const tensors: the variables whose stores
// are followed.
bool holdsStoredTensors(clang::QualType T);
// The stores into Var in its function's body (Var's own function).
ContainerStores containerStores(clang::ASTContext &Ctx, const clang::VarDecl *Var);
// The key of what F stores into the container its parameter I refers to (empty for a
// function no other file can name).
TensorFacts::FactKey fillKey(const clang::FunctionDecl *F, unsigned I);
// The tensors a construction of a std::vector of tensors starts with (its braced list, the
// container it copies; none for an empty or sized one); nullopt for any other expression
// or a construction that is not followed (from iterators).
std::optional<std::vector<const clang::Expr *>> containerConstructionParts(const clang::Expr *E);

} // namespace hostsync
