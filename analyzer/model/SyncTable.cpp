#include "model/SyncTable.h"
#include "rules/RuleIds.h"

#include <array>

namespace hostsync {

namespace {
using R = SyncRead;
using W = SyncWhen;
using P = SyncPython;
constexpr std::string_view Item = rule::Item, Nonzero = rule::Nonzero, Masked = rule::BoolMaskIndex,
                           Unique = rule::Unique, Sized = rule::SizeDependent, Equal = rule::Equal;
// LibTorch's torch::unique calls _unique2 (and _unique); Python's torch.unique is unique.
const std::vector<SyncOpRow> SyncOps = {
    {"item", "item", Item, R::OneValue, W::Always, P::Method, false},
    {"_local_scalar_dense", "", Item, R::OneValue, W::Always, P::None, false},
    {"is_nonzero", "is_nonzero", Item, R::OneValue, W::Always, P::Method, false},
    {"nonzero", "nonzero", Nonzero, R::Size, W::Always, P::Both, true},
    {"nonzero_numpy", "", Nonzero, R::Size, W::Always, P::None, true},
    {"argwhere", "argwhere", Nonzero, R::Size, W::Always, P::Both, true},
    {"where", "where", Nonzero, R::Size, W::OneArgument, P::Function, true},
    {"masked_select", "masked_select", Masked, R::Size, W::Always, P::Both, true},
    {"_unique", "unique", Unique, R::Size, W::Always, P::Both, true},
    {"_unique2", "", Unique, R::Size, W::Always, P::None, true},
    {"unique_consecutive", "unique_consecutive", Unique, R::Size, W::Always, P::Both, true},
    {"unique_dim", "", Unique, R::Size, W::Always, P::None, true},
    {"unique_dim_consecutive", "", Unique, R::Size, W::Always, P::None, true},
    {"equal", "equal", Equal, R::Bool, W::Always, P::Both, false},
    {"allclose", "allclose", Equal, R::Bool, W::Always, P::Both, false},
    {"bincount", "bincount", Sized, R::Size, W::Always, P::Both, true, "", "", -1,
     "reads the largest value to size its output", "use a fixed-size scatter_add_"},
    {"histc", "histc", Sized, R::Size, W::WithoutBounds, P::Both, true, "", "", -1,
     "reads the data's min and max to place its bins", "pass min and max", SyncFix::HistcRange},
    {"repeat_interleave", "repeat_interleave", Sized, R::Size, W::UnlessKeyword, P::Both, true,
     "repeats", "output_size", -1, "reads the sum of the repeats to size its output",
     "pass output_size", SyncFix::OutputSize},
    {"one_hot", "one_hot", Sized, R::Size, W::UnlessKeyword, P::Functional, true, "", "num_classes",
     1, "reads the largest label to size its output", "pass num_classes", SyncFix::NumClasses},
};

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

const std::vector<SyncOpRow> &syncOps() { return SyncOps; }

std::vector<std::string> cppSyncOps(std::string_view Rule) {
  std::vector<std::string> Names;
  for (const SyncOpRow &Row : SyncOps)
    if (Row.Rule == Rule) {
      Names.emplace_back(Row.Cpp);
      if (Row.OutVariants)
        Names.push_back(std::string(Row.Cpp) + "_out");
    }
  return Names;
}

const SyncOpRow *syncOpOfCpp(std::string_view Name) {
  constexpr std::string_view Out = "_out";
  bool OutVariant = Name.size() > Out.size() && Name.substr(Name.size() - Out.size()) == Out;
  for (const SyncOpRow &Row : SyncOps)
    if (Row.Cpp == Name ||
        (OutVariant && Row.OutVariants && Row.Cpp == Name.substr(0, Name.size() - Out.size())))
      return &Row;
  return nullptr;
}

const SyncOpRow *syncOpOfPython(std::string_view Name, PythonCall Call) {
  auto Fits = [&](SyncPython Form) {
    switch (Call) {
    case PythonCall::Method:
      return Form == SyncPython::Method || Form == SyncPython::Both;
    case PythonCall::Torch:
      return Form == SyncPython::Function || Form == SyncPython::Both;
    case PythonCall::Functional:
      return Form == SyncPython::Functional;
    }
    return false;
  };
  for (const SyncOpRow &Row : SyncOps)
    if (Row.Form != SyncPython::None && Row.Python == Name && Fits(Row.Form))
      return &Row;
  return nullptr;
}

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
