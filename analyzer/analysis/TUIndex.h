// One walk over a translation unit's own code (its file and the project headers it
// includes, never LibTorch's or the system's), recording what the analyses ask of the whole
// unit, so that no question walks it again: the calls, each with its loop and periodic-guard
// context; the functions whose address is taken; the functions with a body; stores into
// data members; stores into containers of tensors; return statements; kernel launches;
// evidence that the program uses CUDA; module moves. HotPath and CallSites are queries over
// it.
//
// One rule for templates: the walk enters implicit instantiations (the call graph of ranks
// follows a hot template's instantiated calls), and marks what it finds there
// (CallRecord::InInstantiation). Callers, stores, bodies, addresses and evidence are read
// from the code as written. Returns, container stores and kernel launches are kept for
// instantiations too,
// under the instantiated declaration: a call of a template reads its instantiated body, and
// an instantiation is where a dependent `data_ptr<T>()` is resolved.
#pragma once

#include "analysis/ContainerStores.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PointerUnion.h"

#include <vector>

namespace hostsync {

struct CallRecord {
  // The CallExpr or CXXConstructExpr; null for the edge from a function to a lambda defined
  // in one of its loops (Callee is then the lambda's call operator: it runs in the loop).
  const clang::Expr *Site = nullptr;
  // The function (or lambda's call operator) whose body holds the call: constructors and
  // other functions with a body; null outside any body (a global's initializer, a default
  // argument of a declaration, a default member initializer).
  const clang::FunctionDecl *Caller = nullptr;
  // The canonical callee: the direct callee of a call, the constructor of a construction;
  // null for a call Clang resolves only per instantiation (a generic lambda, a template).
  const clang::FunctionDecl *Callee = nullptr;
  bool InLoop = false;                 // inside a loop of Caller's body
  const clang::Expr *Period = nullptr; // the N of the periodic guard (inside a loop) it is under
  bool InInstantiation = false;        // found in an implicit template instantiation
};

class TUIndex {
public:
  TUIndex(clang::ASTContext &Ctx, const std::vector<clang::Decl *> &TopLevel);

  // Every call and construction, in the order the code holds them (with instantiations'
  // calls marked).
  const std::vector<CallRecord> &calls() const { return Calls; }
  // The module forward()s with a body (isModuleForward), written or instantiated.
  const std::vector<const clang::FunctionDecl *> &moduleForwards() const { return Forwards; }
  // The functions whose address the written code takes: every reference to a function that
  // is not the callee of a call.
  const llvm::DenseSet<const clang::FunctionDecl *> &addressTaken() const { return AddressTaken; }
  // The written, non-dependent functions with a body, in order.
  const std::vector<const clang::FunctionDecl *> &bodies() const { return Bodies; }
  // The values written code stores into each data member: constructor initializers,
  // default member initializers, assignments (through `this`, or to a member of tensors of
  // any object of a user class), aggregate initialization, and calls that take the member
  // by non-const reference (the call stands for the value).
  const llvm::DenseMap<const clang::FieldDecl *, std::vector<const clang::Expr *>> &
  fieldStores() const {
    return FieldStores;
  }
  // The return statements' values of a written function F (a definition), lambdas' own
  // aside; null where a return has no value. Nullptr when F's body was not walked (a body
  // in LibTorch's or the system's headers).
  const std::vector<const clang::Expr *> *returnsOf(const clang::FunctionDecl *F) const;
  // What the code stores into the container (or, for a tensor passed by reference, the
  // tensor) a variable of local storage names (ContainerStores.h), for a variable of a
  // function the walk entered (none stored: an empty record); nullptr for one it did not
  // (a library's function: storesInBody reads it).
  const ContainerStores *containerStores(const clang::VarDecl *V) const;
  // In CUDA code, a tensor whose data a kernel launch takes is on the GPU: the kernel reads
  // it through the pointer (`kernel<<<g, b>>>(x.data_ptr<float>(), ...)`, or an accessor
  // from `x.packed_accessor32<...>()`), and a host pointer there would fault. That is the
  // evidence an extension's `.cu` file gives for tensors it never checks with is_cuda().
  // It holds for a local variable in its whole function when the variable is never
  // assigned after its declaration (then it names one tensor throughout): the first such
  // data-pointer call; null when there is none.
  const clang::Expr *launchedWith(const clang::VarDecl *V) const;
  // Does the written code name CUDA (ProgramEvidence.h says what counts)? Does it define
  // main()?
  bool namesCuda() const { return NamesCuda; }
  bool definesMain() const { return DefinesMain; }
  // In order: the calls of LibTorch's `to` / `cuda` made on a user module
  // (`model->to(device)`), and the definitions of user module classes (whose members and
  // bases move with them): what FactsExport's module keys read.
  using ModuleMove =
      llvm::PointerUnion<const clang::CXXMemberCallExpr *, const clang::CXXRecordDecl *>;
  const std::vector<ModuleMove> &moduleMoves() const { return ModuleMoves; }

  // A user module's forward(): the method LibTorch's holders and containers call.
  static bool isModuleForward(const clang::FunctionDecl *F);

private:
  friend class TUWalk;
  std::vector<CallRecord> Calls;
  std::vector<const clang::FunctionDecl *> Forwards;
  llvm::DenseSet<const clang::FunctionDecl *> AddressTaken;
  std::vector<const clang::FunctionDecl *> Bodies;
  llvm::DenseMap<const clang::FieldDecl *, std::vector<const clang::Expr *>> FieldStores;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const clang::Expr *>> Returns;
  ContainerStoreRecorder::Map Containers;
  llvm::DenseSet<const clang::FunctionDecl *> WalkedBodies;
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> Launched;
  llvm::DenseSet<const clang::VarDecl *> Reassigned;
  bool NamesCuda = false;
  bool DefinesMain = false;
  std::vector<ModuleMove> ModuleMoves;
};

} // namespace hostsync
