// Shared helpers that recognise LibTorch tensors and tensor-op calls in the Clang AST.
// Every rule and every analysis asks these the same questions the same way.
#pragma once

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace hostsync {

// at::Tensor or at::TensorBase, through references, cv-qualifiers and typedefs.
bool isTensorType(clang::QualType T);
// A declaration whose outermost namespace is at, torch or c10 (LibTorch's own API).
bool isLibTorchDecl(const clang::Decl *D);
// A function of a library, not the project's: LibTorch's, the standard library's, or one a
// system header declares.
bool isLibraryFunction(const clang::FunctionDecl *F);
// std::tuple or std::pair (of any types).
bool isStdTupleOrPair(const clang::CXXRecordDecl *R);
// Does RD derive, directly or not, from LibTorch's class named Base (torch::nn::Module,
// torch::data::datasets::BatchDataset)?
bool derivesFromLibTorch(const clang::CXXRecordDecl *RD, llvm::StringRef Base);
// What one C++ wrapper around a value holds (a full-expression's cleanups, a materialized or
// bound temporary, a functional cast), else nullptr.
const clang::Expr *withinTemporary(const clang::Expr *E);
// Looks through parens, implicit casts, temporaries, copies of tensors and std::move.
const clang::Expr *stripTensorExpr(const clang::Expr *E);
// A variable named by E (through the wrappers stripTensorExpr looks through), else nullptr.
const clang::DeclRefExpr *asVarRef(const clang::Expr *E);
// A tensor, or a standard container of tensors: std::tuple, std::pair, std::vector,
// std::array, std::optional / c10::optional of them (what forward() often returns), and
// LibTorch's torch::data::Example (a dataset's data and target); a pointer to any of them.
bool carriesTensors(clang::QualType T);
// The parts of a value that groups tensors, as written: std::make_tuple(a, b),
// std::make_pair, std::forward_as_tuple, std::tie, a braced {a, b} or a tuple, pair,
// optional or Example built from its elements; std::get<I>(t) is a part of t. nullopt for any other
// expression.
std::optional<std::vector<const clang::Expr *>> tupleParts(const clang::Expr *E);
// nullopt, nullptr, an optional constructed empty, a default-constructed (undefined) tensor
// or tuple or pair of them: a value that holds no tensor.
bool isNoValue(const clang::Expr *E);
// Options built by LibTorch alone that name no device (TensorOptions().dtype(kFloat),
// torch::dtype(kLong).requires_grad(true)): they mean the CPU.
bool isDeviceFreeOptions(const clang::Expr *E);
// A defaulted argument (the caller did not write it).
bool isDefaultArg(const clang::Expr *E);
// An argument that passes no tensor: isNoValue, written or as the parameter's default.
bool passesNoValue(const clang::Expr *Arg);

// A call of a LibTorch op, spelled as a tensor method (x.nonzero()) or as a free
// function (torch::nonzero(x), at::nonzero_out(out, x)).
struct OpCall {
  llvm::StringRef Name;
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Callee = nullptr;
  const clang::Expr *Self = nullptr;     // the receiver, or the first tensor argument
  std::vector<const clang::Expr *> Args; // the arguments after Self
  bool IsMethod = false;
  // Read from a call Clang could not resolve (asRecoveredOpCall): no Callee, and its
  // arguments may not compile.
  bool Recovered = false;
};
std::optional<OpCall> asOpCall(const clang::Expr *E);

// A call Clang could not resolve because an argument does not compile (a type from a header
// that is not installed: `torch::from_blob(mat.data, ...)` over an OpenCV image), or because
// it is made in a template; nullptr for any other expression. Such a call is kept in the AST
// with a dependent type and its candidates or member name.
const clang::CallExpr *asUnresolvedCall(const clang::Expr *E);
// The LibTorch op such an unresolved call certainly is, as an OpCall (Recovered), else nullopt:
// - `from_blob`, when every candidate is LibTorch's: each of its overloads takes the data
//   pointer and the sizes first, which name no device, so Args are the arguments after them;
// - a tensor method called on such a call (`.permute(...)`, `.to(kCUDA)`): the receiver is
//   certainly a tensor, so the name is `at::Tensor`'s method, when its row (OpTable.h) says
//   it returns a tensor like the receiver (the same values or dtype).
std::optional<OpCall> asRecoveredOpCall(const clang::Expr *E);

// The element expressions of an index list: x.index({a, b}), x.index_put_({m}, v), x[t].
std::vector<const clang::Expr *> indexElements(const clang::Expr *IndexArg);

// Does E (a subtree) name the CUDA or the CPU device type? Looks for kCUDA / DeviceType::CUDA
// and "cuda..." device strings. Used on factory options and .to() arguments.
enum class DeviceMention { None, Cpu, Cuda, Other };
DeviceMention mentionedDeviceType(const clang::Expr *E);
// The one device type E names as a constant (checks compare with it): `torch::kCUDA`,
// `at::kCPU`, `c10::DeviceType::CUDA`, `at::Device(at::kCPU)`; None for anything else
// (`gpu ? kCUDA : kCPU`, a variable, a string), where mentionedDeviceType would guess.
DeviceMention constantDeviceType(const clang::Expr *E);
// Does E (a subtree) name the bool dtype (kBool / ScalarType::Bool)?
bool mentionsBoolDtype(const clang::Expr *E);
// Is E the literal `true` (after casts)?
bool isTrueLiteral(const clang::Expr *E);

} // namespace hostsync
