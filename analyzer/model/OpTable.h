// What the analysis knows about each PyTorch op's result, one row per op: where the result
// lives, its dtype, its shape and whether it holds its receiver's values, and how Python
// spells the op. Both front ends read these columns and nothing else about an op's name:
// the C++ one's TensorFacts and the Python one's PythonValues, so one row teaches both
// languages (docs/contributing.md, "Teach the analysis a new op"). An op with no row is read
// as "from its inputs, nothing else known". Plain data: the linter's core, no LLVM.
#pragma once

#include <string_view>
#include <vector>

namespace hostsync {

// Where the result lives.
enum class ResultDevice {
  FromInputs,   // where its tensors are (the receiver, tensor arguments, tensor lists)
  Cpu,          // the CPU, whatever the input (cpu())
  PinnedCpu,    // the CPU, in pinned memory (pin_memory()): what a non-blocking copy needs
  Cuda,         // the GPU, whatever the input (cuda())
  NamedElseCpu, // a factory: the device its arguments name, else the CPU; called with a
                // tensor first (torch::normal(mean, std)) it is where its tensors are
  CopyTarget,   // to(): the device or tensor argument names; none (a dtype cast): the receiver's
  LikeSelf,     // zeros_like, new_zeros: the device its arguments name, else the receiver's
};

// The result's dtype, as far as "is it a boolean mask" and "is it an integer" go.
enum class ResultDtype {
  Unknown,      // not read: the analysis does not know
  Keep,         // the receiver's (permute, clone, cuda)
  Bool,         // always bool: comparisons, logical ops, isnan
  Index,        // always an integer (long) tensor: never a mask
  FromArgument, // a dtype argument decides (kBool: a mask; another ScalarType: not); none:
                // a factory's default dtype (not bool), else the receiver's (to, zeros_like)
};

// The result's shape: its rank, and whether it is 0-dim.
enum class ResultShape {
  Unknown,
  Keep,               // the receiver's: its rank and its being 0-dim read through (to, cuda)
  KeepRank,           // the receiver's, of which only the rank is read through so far (clone,
                      // masked_fill): reading 0-dim through them too would change findings
  KeepZeroDim,        // squeeze: a 0-dim receiver stays 0-dim; the rank is not known
  SizeList,           // a factory's braced size list gives the rank (torch::zeros({B, H, W}))
  ZeroDimWithoutDim,  // a full reduction: 0-dim when no dim (or other argument) is given
  ZeroDimFromLiteral, // torch::tensor(3), scalar_tensor(1.0): 0-dim when given a number
};

// Whether the result holds the receiver's values (called as a method): a copy or a view
// that changes at most the device, dtype or layout. Rules follow such copies back to the
// op that made the values (TensorFacts::producer).
enum class ResultValues { New, Same };

// How Python spells an op of the table.
enum class PythonSpelling {
  Same,   // the same name: a method (t.clone()) and a torch function (torch.clone(t))
  Method, // the same name, a tensor's method only (t.cuda(), t.new_zeros(...))
  None,   // no Python spelling: a C++ API of LibTorch only (from_blob, toType)
  Index,  // Python's subscript: index(...) is t[...], index_put_(...) is t[...] = v
};

struct OpRow {
  // The op's name; "*_like" and "new_*" stand for every op so named that has no row of
  // its own.
  std::string_view Name;
  ResultDevice Device = ResultDevice::FromInputs;
  ResultDtype Dtype = ResultDtype::Unknown;
  ResultShape Shape = ResultShape::Unknown;
  ResultValues Values = ResultValues::New;
  PythonSpelling Python = PythonSpelling::Same;
};

// The row of the op called Name: its own, else the pattern row its name fits, else a row
// of that name with the defaults (from its inputs, nothing else known).
OpRow opRow(std::string_view Name);
// Whether Name has a row of its own or fits a pattern's: an op the table knows.
bool listedOp(std::string_view Name);
// Every row, in the table's order (for tests and documentation).
const std::vector<OpRow> &opTable();

} // namespace hostsync
