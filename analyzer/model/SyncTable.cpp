#include "model/SyncTable.h"

#include <array>

namespace hostsync {

namespace {
constexpr std::string_view Invertible = "every input is invertible";
constexpr std::string_view PositiveDefinite = "every input is positive-definite";
// torch.inverse is torch.linalg.inv's older name; torch.cholesky (with its upper= argument)
// is not linalg.cholesky, and the Python rule leaves it alone.
constexpr std::array<LinalgExRow, 4> LinalgEx = {{
    {"inv", "linalg_inv_ex", "inv_ex", ".inverse", Invertible},
    {"inverse", "linalg_inv_ex", "linalg.inv_ex", ".inverse", Invertible},
    {"cholesky", "linalg_cholesky_ex", "cholesky_ex", ".L", PositiveDefinite},
    {"solve", "linalg_solve_ex", "solve_ex", ".result", Invertible},
}};
} // namespace

const LinalgExRow *linalgExOfPython(std::string_view Op) {
  for (const LinalgExRow &Row : LinalgEx)
    if (Row.Op == Op)
      return &Row;
  return nullptr;
}

const LinalgExRow *linalgExOfCpp(std::string_view CppEx) {
  for (const LinalgExRow &Row : LinalgEx)
    if (Row.CppEx == CppEx)
      return &Row;
  return nullptr;
}

std::string uncheckedCondition(const LinalgExRow &Row) {
  return std::string(Row.Condition) + " (errors are no longer raised)";
}

} // namespace hostsync
