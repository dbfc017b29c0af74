// Which rule a stall that hostsync-trace measured belongs to, read from the catalog's
// "stalls" signatures (rules/catalog.json), so that a new rule is recognised at run time
// by its catalog entry alone. In order:
//  0. the ATen ops the stack entered (the symbolizer names them), outermost first: the first
//     one a rule's "aten" list names (the op, or the op with any overload) decides;
//  1. the stack's library frames (Catalog::libraries()), outermost first: the first frame
//     that contains one of a rule's function names decides, and within a frame the longest
//     name wins ("is_nonzero" over "nonzero"); versioned inline namespaces (all capitals:
//     CCCL's THRUST_200500_SM_90_NS) are read as absent;
//  2. the CUDA call the host blocked in, with the stall's class where the rule names
//     classes; a rule marked outside_libraries only when no frame is a library's (a call
//     LibTorch makes too, for an op the frames did not name);
//  3. the stall's class alone;
//  4. the catalog's unmatched_stall_rule.
#pragma once

#include "rules/Catalog.h"

#include <string>
#include <vector>

namespace hostsync {

struct StallRule {
  std::string Rule;
  // The ATen op (step 0) or library function (step 1) that decided; else the outermost library
  // function on the stack (the op the user called, which no rule names); else empty.
  std::string Function;
};

// Functions: the stack's function names without return type or parameters
// ("at::native::nonzero_out"), innermost first; Api: "cudaStreamSynchronize";
// Class: the tracer's stall class ("device_to_host_copy"); AtenOps: "aten::nonzero",
// "aten::index.Tensor"..., innermost first.
StallRule ruleOfStall(const Catalog &C, const std::vector<std::string> &Functions,
                      const std::string &Api, const std::string &Class,
                      const std::vector<std::string> &AtenOps = {});
// Is this function one of a library's (at::, c10::, torch::, thrust::)?
bool isLibraryFunction(const Catalog &C, const std::string &Function);

} // namespace hostsync
