// What a function's code puts into a container of tensors that a variable names: a local
// `std::vector<torch::Tensor>`, a parameter that refers to one (`std::vector<Tensor> &`),
// or a pointer to tensors (`Tensor *`). Elements stay once stored, so every store in the
// function counts, wherever it is (lambdas included): `v.push_back(x)`, `emplace_back`,
// `insert`, `v[i] = x`, `p[i] = x`, `*p = x`, an element of a range-for by reference
// assigned. The container passed to a function that may fill it (a non-const reference or
// pointer parameter, `v.data()` included) is handed off to that function's stores into its
// parameter: the `fill:` key of the project pass. Anything else that may store what the
// analysis cannot see makes the elements unknown.
//
// The stores are recorded for every variable at once by a walk that calls the recorder's
// hooks on each node, in pre-order: TUIndex's one walk of the translation unit's own code,
// and, for a function whose body that walk does not enter (a library's: `std::swap`,
// `emplace_back`), storesInBody's walk of that body alone.
#pragma once

#include "model/FactKeys.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

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

// The stores into each variable of local storage (parameters included), keyed by its
// canonical declaration, as a walk visits the nodes of its function's body.
class ContainerStoreRecorder {
public:
  using Map = llvm::DenseMap<const clang::VarDecl *, ContainerStores>;
  explicit ContainerStoreRecorder(Map &Out) : Out(Out) {}

  // Before the loop variable and the body.
  void forRange(const clang::CXXForRangeStmt *For);
  void varDecl(const clang::VarDecl *V);
  // A call, a member call, an operator call: call() first, then memberCall() for a member
  // call (the order in which a visitor's Visit functions run).
  void call(const clang::CallExpr *C);
  void memberCall(const clang::CXXMemberCallExpr *C);
  void binaryOperator(const clang::BinaryOperator *B);
  void construct(const clang::CXXConstructExpr *C);

private:
  using Vars = llvm::SmallVector<const clang::VarDecl *, 2>;
  const clang::VarDecl *named(const clang::Expr *E) const;
  const clang::VarDecl *elementOf(const clang::Expr *E) const;
  Vars handedOff(const clang::Expr *A) const;
  bool isIteratorOf(const clang::Expr *A, const clang::VarDecl *V) const;
  void assigned(const clang::Expr *LHS, const clang::Expr *RHS);
  void unknown(const clang::VarDecl *V, const std::string &Why);

  Map &Out;
  // Range-for variables that refer to the elements of a container.
  llvm::DenseMap<const clang::VarDecl *, const clang::VarDecl *> ElementOf;
};

// A std::vector of tensors, or a pointer to non-const tensors: the variables whose stores
// are followed.
bool holdsStoredTensors(clang::QualType T);
// A std::tuple or std::pair that holds tensors: stored into whole (`data = {a, b}`).
bool fillsWhole(clang::QualType T);
// A parameter through which a function may fill its caller's tensors: a container of them
// (holdsStoredTensors), or a non-const reference to a tensor, tuple or pair of them.
bool fillableThrough(clang::QualType P);
// The stores into Var found by a walk of its function's body alone (Var's own function),
// for a body TUIndex's walk does not enter.
ContainerStores storesInBody(const clang::VarDecl *Var);
// The tensors a construction of a std::vector of tensors starts with (its braced list, the
// container it copies; none for an empty or sized one); nullopt for any other expression
// or a construction that is not followed (from iterators).
std::optional<std::vector<const clang::Expr *>> containerConstructionParts(const clang::Expr *E);

} // namespace hostsync
