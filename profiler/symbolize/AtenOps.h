// The ATen operators on a symbolized native stack: PyTorch's dispatcher enters every op
// through at::_ops::<op>::call (or ::redispatch), an exported function whose name the
// symbolizer reads even from a stripped libtorch. The innermost one issued the CUDA call
// that synchronized; the outermost is the one the user's code called (aten::index for a
// boolean mask, whose nonzero is the sync).
#pragma once

#include "symbolize/Symbolizer.h"

#include <string>
#include <vector>

namespace hostsync::trace {

// "aten::name" or "aten::name.overload" for every operator entered on the stack, innermost
// first, each once.
std::vector<std::string> atenOpsOf(const std::vector<Frame> &frames);

// at::_ops' struct name ("index_Tensor", "to_dtype_layout", "copy_") as the schema names
// the operator ("aten::index.Tensor", "aten::to.dtype_layout", "aten::copy_").
std::string atenOpName(const std::string &opsStruct);

// "aten::nonzero (in aten::index.Tensor)": the innermost op, and the outermost when it differs.
std::string opLabel(const std::vector<std::string> &ops);

} // namespace hostsync::trace
