// The std and LibTorch functions that receive a user's module, callable or tensor, grouped
// by what they do with it (and the container and tensor methods the analysis reads). The call-site
// analysis (analysis/CallSites) asks whether a module's forward() stays in view when a library
// function takes it, and which user methods the library calls; the device analysis
// (analysis/TensorFacts) asks which calls read an element or register a tensor. One
// table answers both, by name.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace hostsync {

// What the library does with what it is given.
enum class LibraryUse {
  // A std class whose object may call the callable it holds, out of the analysis's view
  // (std::function, std::thread...): a module given to it is called from elsewhere.
  MayCall,
  // A std function that makes, moves or holds a module and never calls it (make_shared,
  // move, make_tuple...).
  Holds,
  // A LibTorch class template whose methods hold a module of its argument's class without
  // calling its forward (ModuleHolder<R>, Cloneable<R>).
  HolderOf,
  // A LibTorch function that registers, replaces or serializes a module, never calling it.
  RegistersModule,
  // A LibTorch module method that registers a tensor: the tensor given is the buffer, and
  // moves with the module (register_buffer, register_parameter).
  RegistersTensor,
  // A LibTorch module method that lists the module's own tensors (parameters(),
  // named_parameters(), buffers(), named_buffers()): where the module is.
  ListsModuleTensors,
  // A method of a user class derived from LibTorch's that LibTorch's templates call (a
  // module's forward, a dataset's get, a transform's apply): called, out of view.
  CalledByLibrary,
  // A method that reads an element of what holds it: an optional's value(), a standard
  // container's at(), front(), back(), data().
  ReadsElement,
  // The ways a standard container's tensors are stored into or handed out, which
  // analysis/ContainerStores follows: a method that adds one element made from its
  // argument (push_back...), one that may put any of its arguments in (insert, assign...),
  // one that returns a reference to an element (at, front, back), one that returns an
  // iterator (begin, end), one that hands out its storage to a callee (data, begin, end).
  AddsElement,
  PutsElements,
  RefersToElement,
  GivesIterator,
  HandsOutStorage,
  // A standard function through whose reference parameters a variable may be assigned
  // (`std::tie(h, c) = f()`, `std::forward_as_tuple(out) = ...`, `std::swap(a, b)`).
  AssignsThrough,
  // A LibTorch class that refers to a list of tensors or values without owning or writing
  // it (ArrayRef, IListRef): constructed from a container (`torch::cat(parts, 0)`), it
  // reads the container, though IListRef's constructor takes it by forwarding reference.
  ViewsList,
  // A tensor method that hands the tensor's memory to a kernel (data_ptr, accessors):
  // analysis/TUIndex's evidence that a launched kernel's tensors are on the GPU.
  GivesDeviceData,
};

struct LibraryCall {
  llvm::StringRef Name; // the function's or the class template's name, unqualified
  LibraryUse Use;
};

// Does the table list Name for Use?
bool libraryCallIs(llvm::StringRef Name, LibraryUse Use);
// Every row, in the table's order (for tests and documentation).
llvm::ArrayRef<LibraryCall> libraryCalls();

} // namespace hostsync
