// Where a value comes from, one step back: the one walk every question about a tensor
// (its device, whether it is a mask, 0-dim, its rank, the op that made it) takes through the
// program before it reads an op's row (model/OpTable.h).
//
// sourcesOf(E) follows, for each kind of expression:
//   local      a variable: the values that reach the use (Definitions: the last
//              assignment, or both branches' of an if/else); a parameter not assigned
//              before the use also holds what its callers pass (`Initial`)
//   parameter  the arguments of every call in view (CallSites), and whether that is every
//              call; when code out of view may call the function, why; else the `arg:`
//              keys of the function and of the methods it overrides, for the project's
//              other files
//   member     a data member read through `this`, or a tensor member of a user class read
//              through any object: every value the code stores into it (TUIndex); none seen
//              in a class only this file declares is unknown, in a header's class the
//              `field:` key
//   return     a call of a function of the project: its return statements' values, or the
//              `ret:` key for a virtual method or a body elsewhere
//   parts      `c ? a : b` (both), a structured binding (what is decomposed)
//   element    a range-for's variable: the range it walks (a container of tensors), or,
//              for a data loader's batches, its dataset's get() (`Maker`; LibTorch's own
//              datasets read their files into host memory: `Host`)
//   module     a LibTorch module's forward (`model->forward(x)`, `model(x)`), or a forward
//              called in a template on an object of a template parameter's type, given
//              tensors: its input tensors, whose device its weights must share, and the
//              `module:` key of the user module that holds it as a member
// A local container of tensors (a std::vector of them, a pointer to them) also holds what
// its function stores into it: container(V), the stores TUIndex recorded, and the
// functions it is handed to (their parameter's stores, or the `fill:` key).
// Anything else is a value of its own (Kind None): an op call, a literal, a construction,
// which the question reads itself.
//
// The first five kinds give values E holds itself (SameValue): every question follows
// them. A container's stores, a range and a module's inputs are what E's tensors come from,
// not E's value (a row of a range has one dimension fewer; a module's output of a mask is
// no mask): only the device question follows them.
#pragma once

#include "analysis/CallSites.h"
#include "analysis/Definitions.h"
#include "analysis/LostMentions.h"
#include "analysis/TUIndex.h"
#include "model/FactKeys.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <string>
#include <vector>

namespace hostsync {

enum class SourceKind { None, Local, Parameter, Member, Return, Parts, Container, Element, Module };

struct Sources {
  SourceKind Kind = SourceKind::None;
  // The expressions whose value E may hold (null: a `return;` without a value).
  std::vector<const clang::Expr *> Values;
  // Local: the parameter whose callers' values E still holds.
  const clang::ParmVarDecl *Initial = nullptr;
  // Parameter: every call of the function is in view (then Values are all its values); a
  // call left it empty (an optional given nullopt: no value at all).
  bool AllInView = false;
  bool LeftEmpty = false;
  // Facts of the project's other files that E may also hold, and how reasons name them;
  // why a source that nobody can see may hold anything (empty: none).
  std::vector<FactKey> Open;
  std::string Name;
  std::string UnknownWhy;
  // False for a container's stores, a loop's range, a module's inputs (see above).
  bool SameValue = true;
  // Container: the functions it is handed to that may store into it, with the parameter
  // whose stores are then its own where that function's body is in view (InView: defined in
  // this translation unit, not virtual, not LibTorch's).
  struct Filler {
    const clang::FunctionDecl *Callee;
    unsigned Param;
    const clang::Expr *Arg; // the container, as the call passes it
    const clang::ParmVarDecl *InView;
  };
  std::vector<Filler> Fillers;
  // Element: a batch's dataset get(), whose own returns the elements are; the elements of
  // LibTorch's own datasets, in host memory.
  const clang::CXXMethodDecl *Maker = nullptr;
  bool Host = false;
  // The declaration whose sources these are (a parameter, a member, a function): what a
  // question memoizes its answer under and cuts cycles at; null for locals and parts.
  const clang::Decl *Owner = nullptr;
};

class ValueSources {
public:
  ValueSources(clang::ASTContext &Ctx, Definitions &Defs, CallSites &Calls, const TUIndex &Index)
      : Ctx(Ctx), Defs(Defs), Calls(Calls), Index(Index), Lost(Ctx) {}

  // One step back from E (through the casts and moves stripTensorExpr looks through).
  Sources sourcesOf(const clang::Expr *E);
  // The cases, for a question that reaches them otherwise (a parameter through a local).
  Sources local(const clang::DeclRefExpr *R);
  Sources parameter(const clang::ParmVarDecl *P);
  Sources member(const clang::FieldDecl *F);
  // OwnBody: the function's own returns, not what a virtual call of it may run.
  Sources returned(const clang::FunctionDecl *F, bool OwnBody = false);
  Sources container(const clang::VarDecl *V);
  Sources element(const clang::CXXForRangeStmt *For);
  // Kind None for a call that is no module's forward.
  Sources module(const clang::CallExpr *Call);

private:
  static Sources parts(std::vector<const clang::Expr *> Parts);
  clang::ASTContext &Ctx;
  Definitions &Defs;
  CallSites &Calls;
  const TUIndex &Index;
  LostMentions Lost;
};

} // namespace hostsync
