// What both front ends know of the syncs, in one place (issue 77, item 1), beside OpTable:
// the C++ checks and the Python rules read these rows instead of each keeping its own copy.
//  - The ops that read a tensor's values on the host by themselves: one value (item) or the
//    size of their result (nonzero, unique, masked_select), each with its rule, its C++ and
//    Python spellings and the condition under which it syncs. The C++ checks match the C++
//    spellings of their rule's rows; the Python rules look a call's name up here.
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
};
// When it syncs.
enum class SyncWhen {
  Always,
  OneArgument, // given its tensor alone: where(cond) syncs, where(cond, a, b) is elementwise
};
// How Python calls it.
enum class SyncPython {
  None,     // no Python spelling (an ATen name LibTorch's functions call: _unique2)
  Method,   // a tensor's method only (t.item())
  Function, // torch's function only (torch.where(cond))
  Both,     // t.nonzero() and torch.nonzero(t)
};
struct SyncOpRow {
  std::string_view Cpp;    // as LibTorch (ATen) names it
  std::string_view Python; // as Python names it ("" where SyncPython::None)
  std::string_view Rule;   // the catalog's rule id
  SyncRead Read;
  SyncWhen When;
  SyncPython Form;
  bool OutVariants; // its C++ `_out` variants (nonzero_out) sync the same way
};
const std::vector<SyncOpRow> &syncOps();
// The C++ names a check of Rule matches (its rows' spellings, and their `_out` variants).
std::vector<std::string> cppSyncOps(std::string_view Rule);
// The row of a C++ op name (an `_out` variant: its op's row), or null.
const SyncOpRow *syncOpOfCpp(std::string_view Name);
// The row of a Python call of Name (Method: called on a value, t.Name(); else torch.Name(t)),
// or null.
const SyncOpRow *syncOpOfPython(std::string_view Name, bool Method);

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
