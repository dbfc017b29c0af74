// What both front ends know of the syncs, in one place (issue 77, item 1), beside OpTable:
// the C++ checks and the Python rules read these rows instead of each keeping its own copy.
// Today: the error-checking linalg ops' unchecked rewrite (their _ex form, which reports
// failure in a tensor instead of reading an error code on the host), offered under a stated
// condition (--fix-notes).
#pragma once

#include <string>
#include <string_view>

namespace hostsync {

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
