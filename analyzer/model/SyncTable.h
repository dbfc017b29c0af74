// What both front ends know of the syncs, in one place (issue 77, item 1), beside OpTable:
// the C++ checks and the Python rules read these rows instead of each keeping its own copy.
//  - The ops that read a tensor's values on the host by themselves: one value (item) or the
//    size of their result (nonzero, unique, masked_select, bincount, histc, one_hot...), each
//    with its rule, its C++ and Python spellings, the operand it reads, the condition under
//    which it syncs, what it reads (the words both front ends' messages say) and its fix.
//    The C++ checks match the C++ spellings of their rule's rows; the Python rules look a
//    call's name up here.
//  - The error-checking linalg ops' unchecked rewrite (their _ex form, which reports failure
//    in a tensor instead of reading an error code on the host), offered under a stated
//    condition (--fix-notes).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hostsync {

// What an op reads on the host.
enum class SyncRead {
  OneValue, // one value of its tensor, copied to the host (item, is_nonzero)
  Size,     // its result's size, counted from its tensor's values (nonzero, unique)
  Bool,     // a comparison of two tensors, answered as a host bool (equal, allclose)
};
// When it syncs.
enum class SyncWhen {
  Always,
  OneArgument,   // given its tensor alone: where(cond) syncs, where(cond, a, b) is elementwise
  UnlessKeyword, // unless the row's Keyword is given (one_hot's num_classes, the output_size
                 // of repeat_interleave)
  WithoutBounds, // unless both bounds are given and differ (histc's min and max)
};
// The rewrite an op's finding offers, by front end.
enum class SyncFix { None, OutputSize, HistcRange, NumClasses };
// How Python calls it.
enum class SyncPython {
  None,       // no Python spelling (an ATen name LibTorch's functions call: _unique2)
  Method,     // a tensor's method only (t.item())
  Function,   // torch's function only (torch.where(cond))
  Both,       // t.nonzero() and torch.nonzero(t)
  Functional, // torch.nn.functional's only (F.one_hot(t))
};
struct SyncOpRow {
  std::string_view Cpp;    // as LibTorch (ATen) names it
  std::string_view Python; // as Python names it ("" where SyncPython::None)
  std::string_view Rule;   // the catalog's rule id
  SyncRead Read;
  SyncWhen When;
  SyncPython Form;
  bool OutVariants; // its C++ `_out` variants (nonzero_out) sync the same way
  // The argument whose values it reads where not its tensor (repeat_interleave's repeats:
  // only a tensor of them syncs); "" for the tensor itself.
  std::string_view Operand = "";
  std::string_view Keyword = ""; // SyncWhen::UnlessKeyword's argument
  int KeywordPosition = -1;      // its position in Python's function form, where it has one
  std::string_view Reads = "";   // what it reads, as both front ends say it ("reads the
                                 // largest value to size its output"); "": the rule's words
  std::string_view Advice = "";  // the one-line way out the C++ message ends with
  SyncFix Fix = SyncFix::None;
};
const std::vector<SyncOpRow> &syncOps();
// The C++ names a check of Rule matches (its rows' spellings, and their `_out` variants).
std::vector<std::string> cppSyncOps(std::string_view Rule);
// The row of a C++ op name (an `_out` variant: its op's row), or null.
const SyncOpRow *syncOpOfCpp(std::string_view Name);
// How a Python call names its op.
enum class PythonCall {
  Method,     // t.Name()
  Torch,      // torch.Name(t)
  Functional, // torch.nn.functional.Name(t), F.Name(t)
};
// The row of a Python call of Name, or null.
const SyncOpRow *syncOpOfPython(std::string_view Name, PythonCall Call);

struct LinalgExRow {
  std::string_view Op;          // the op as Python spells it: torch.linalg.<Op>, torch.<Op>
  std::string_view CppEx;       // LibTorch's _ex function: torch::<CppEx>(...)
  std::string_view PythonEx;    // the attribute Python calls instead: torch.<PythonEx> path
  std::string_view PythonField; // the field of its result that the plain op returns
  std::string_view Condition;   // what must hold for the rewrite to keep the program's meaning
};

// The row of a Python op name (inv, inverse, cholesky, solve), or null.
const LinalgExRow *linalgExOfPython(std::string_view Op);
// The row of a LibTorch _ex function (linalg_inv_ex...), or null.
const LinalgExRow *linalgExOfCpp(std::string_view CppEx);
// The rewrite's condition as a finding states it.
std::string uncheckedCondition(const LinalgExRow &Row);

} // namespace hostsync
