// Who calls each function of the translation unit's own code, and whether every call of it
// is in view. Device inference uses it across function boundaries: a parameter holds what
// its callers pass, a call returns what the callee's return statements give.
//
// "Every call in view" is what lets an answer be "on the CPU" rather than "unknown": the
// function is declared in the main file only (no header offers it to other files), is not
// virtual, not a lambda, not a template, not a method LibTorch's templates call (a dataset's
// get, a module's forward once the module is handed to Sequential or AnyModule) or a
// constructor a template called here may call (make_shared, a module holder), and its
// address is never taken (no function pointer, std::function or std::bind can call it
// unseen). `model(x)` on TORCH_MODULE's holder is a call of the module's forward. Without it,
// callers seen passing a CUDA tensor are still evidence that the function works on CUDA tensors;
// and when only the main file is missing (callersKnowable), the project's other files hold the rest
// of its calls (model/DeviceFacts.h).
#pragma once

#include "analysis/TUIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

namespace hostsync {

// F, and every method it overrides (transitively): the callees a call that may run F names.
std::vector<const clang::FunctionDecl *> overriddenAndSelf(const clang::FunctionDecl *F);
// The argument a call or construction of F passes for parameter I (a member operator's
// object is argument 0); nullptr when there is none.
const clang::Expr *argumentOf(const clang::Expr *Call, const clang::FunctionDecl *F, unsigned I);
// "`ns::f()`", as reasons name a function.
std::string quotedName(const clang::FunctionDecl *F);

class CallSites {
public:
  CallSites(clang::ASTContext &Ctx, const TUIndex &Index) : Ctx(Ctx), Index(Index) {}

  // The arguments passed for parameter Param of F, one per call or construction in the
  // translation unit's own code (default arguments included).
  std::vector<const clang::Expr *> argumentsFor(const clang::FunctionDecl *F, unsigned Param);
  // Does the translation unit hold every call of F (see above)?
  bool allCallsInView(const clang::FunctionDecl *F);
  // Can the project's code hold every call of F: is it called only directly, by name, or
  // as an override of a method called by name (all of the above but the main file and
  // virtual)? If not, why not ("its address is taken", "a lambda").
  bool callersKnowable(const clang::FunctionDecl *F) { return whyUnknowable(F).empty(); }
  std::string whyUnknowable(const clang::FunctionDecl *F);
  // Is R named as a template argument of a call here (make_shared<R>, ModuleHolder<R>):
  // may a template construct it, out of view?
  bool constructedByTemplates(const clang::CXXRecordDecl *R);
  const llvm::DenseSet<const clang::CXXRecordDecl *> &constructedByTemplates() {
    index();
    return Indirect;
  }
  // May the forward of modules of class R be called with arguments out of view: is R (or a
  // class deriving from it) handed here to a LibTorch template other than its holder,
  // registration or serialization (Sequential, AnyModule...), to a standard template that
  // may call it (std::function, std::thread), to a template of the project's own, or to a
  // call that resolves only per instantiation (a generic lambda), or called through its
  // holder with several forwards to choose from? (Other files tell their own:
  // model/DeviceFacts.h's opaque keys.)
  bool forwardOutOfView(const clang::CXXRecordDecl *R);
  // Those classes, each with why ("hands the module to LibTorch, whose templates may call it").
  const llvm::DenseMap<const clang::CXXRecordDecl *, const char *> &modulesForwardOutOfView() {
    index();
    return ForwardOutOfView;
  }
  // The functions whose address this translation unit takes.
  const llvm::DenseSet<const clang::FunctionDecl *> &addressTaken() { return Index.addressTaken(); }
  // Every call and construction in the translation unit's own code, by canonical callee.
  const llvm::DenseMap<const clang::FunctionDecl *, std::vector<const clang::Expr *>> &calls() {
    index();
    return Calls;
  }

private:
  void index();
  clang::ASTContext &Ctx;
  const TUIndex &Index;
  bool Indexed = false;
  // Calls (CallExpr or CXXConstructExpr) by canonical callee.
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const clang::Expr *>> Calls;
  llvm::DenseSet<const clang::CXXRecordDecl *> Indirect; // constructedByTemplates
  llvm::DenseMap<const clang::CXXRecordDecl *, const char *> ForwardOutOfView;
};

} // namespace hostsync
