// The helpers the parts of the Python evaluator share (PythonValues.cpp, PythonValuesOf.cpp,
// PythonValuesCall.cpp, PythonValuesMethods.cpp). Internal to the front end.
#pragma once

#include "python/PythonValues.h"

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

namespace hostsync::python {

// Code quoted in a reason, kept short.
std::string quote(std::string_view Code);
// How many values a value holds, its elements' included.
size_t valuesIn(const Value &V);
// A tuple holding more than this many values is read as an opaque object.
inline constexpr size_t MaxTupleValues = 64;
// A tensor on P, for the reason given.
Value tensorAt(Place P, std::string Why);
// A module's weights, as a tensor where the module is.
Value weightsOf(const Value &Module);
// The value any of Parts may be (a merge of paths, of a container's elements).
Value combine(std::initializer_list<Value> Parts);
// The module classes of PyTorch and its usual libraries: nn.Linear(...), models.resnet50().
bool buildsLibraryModule(std::string_view Callee);
// A dict's entry added to Dict (Tensors: whether it held a tensor).
void addEntry(Value &Dict, const Value &Entry, bool &Tensors);
// Methods of a tensor whose result is not a tensor.
inline constexpr std::initializer_list<const char *> NotTensor = {"item",
                                                                  "tolist",
                                                                  "numpy",
                                                                  "size",
                                                                  "dim",
                                                                  "numel",
                                                                  "nelement",
                                                                  "data_ptr",
                                                                  "element_size",
                                                                  "stride",
                                                                  "is_contiguous",
                                                                  "ndimension",
                                                                  "storage_offset",
                                                                  "get_device",
                                                                  "is_pinned",
                                                                  "type",
                                                                  "__len__",
                                                                  "untyped_storage",
                                                                  "backward",
                                                                  "equal",
                                                                  "allclose",
                                                                  "is_floating_point",
                                                                  "is_complex",
                                                                  "is_nonzero",
                                                                  "is_same_size"};

} // namespace hostsync::python
