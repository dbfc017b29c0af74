// Library calls that copy a tensor to the host inside, flagged where the program calls them
// (tests/corpus/python/README.md: labelled SYNC at the call site): torch.save of CUDA
// tensors or of a module's or optimizer's state, torchvision's save_image and nms, and
// TensorBoard's add_scalar / add_histogram / add_image of a tensor. Sync debug mode names these
// calls' lines inside the library (bench/python-sync-debug); the lint names the program's line.
#pragma once

#include "python/PythonValues.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace hostsync::python {

struct LibrarySync {
  const char *Rule;
  std::string Op;
  Place Where;
  std::string WhereWhy;
  std::string Message;
  std::string Fix;
  uint32_t FromParams = 0; // the enclosing function's parameters Where came through
};

// The attributes a class of the file gets from a torch.nn base class (its bases' text,
// "(nn.Transformer)"): nn.Transformer's encoder and decoder, whose forward checks a mask;
// what the class's own __init__ sets replaces them.
std::map<std::string, Value, std::less<>> inheritedAttributes(std::string_view Bases);

// What Call copies to the host inside a library, if it is one of those calls with a value
// that may be on CUDA (a value known to be on the CPU is none).
std::optional<LibrarySync> librarySync(TSNode Call, const Values &V, const Scope &S);

} // namespace hostsync::python
