#include "model/OpTable.h"

#include <map>

namespace hostsync {

namespace {
using D = ResultDevice;
using T = ResultDtype;
using S = ResultShape;
using V = ResultValues;
using P = PythonSpelling;

// Grouped by what the ops are; a name appears once. Columns left at "unknown" say what
// the analysis does not read yet, not what the op does: filling one in changes findings,
// so it comes with the tests that show it (docs/contributing.md).
const std::vector<OpRow> Rows = {
    // Factories: on the device their options name, the CPU when they name none.
    {"zeros", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    {"ones", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    {"empty", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    {"empty_strided", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    {"full", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    {"rand", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    {"randn", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    {"normal", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    {"range", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    {"linspace", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    {"logspace", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    {"eye", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    {"from_blob", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New, P::None},
    {"bartlett_window", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    {"hann_window", D::NamedElseCpu, T::FromArgument, S::SizeList, V::New},
    // Factories of integers whatever their options say about bool (indices, counts).
    {"randint", D::NamedElseCpu, T::Index, S::SizeList, V::New},
    {"randperm", D::NamedElseCpu, T::Index, S::SizeList, V::New},
    {"arange", D::NamedElseCpu, T::Index, S::SizeList, V::New},
    // Factories from values: their arguments are the values, not sizes.
    {"tensor", D::NamedElseCpu, T::FromArgument, S::ZeroDimFromLiteral, V::New},
    {"scalar_tensor", D::NamedElseCpu, T::FromArgument, S::ZeroDimFromLiteral, V::New},
    // Python's factories from host data (LibTorch's is from_blob): on the CPU.
    {"from_numpy", D::Cpu, T::Unknown, S::Unknown, V::New},
    {"as_tensor", D::NamedElseCpu, T::FromArgument, S::Unknown, V::New},

    // Copies between devices.
    {"to", D::CopyTarget, T::FromArgument, S::Keep, V::Same, P::Method},
    {"copy_to", D::CopyTarget, T::Unknown, S::Unknown, V::New, P::None},
    {"cuda", D::Cuda, T::Keep, S::Keep, V::Same, P::Method},
    {"cpu", D::Cpu, T::Keep, S::KeepRank, V::New, P::Method},
    {"pin_memory", D::PinnedCpu, T::Keep, S::KeepRank, V::New, P::Method},
    // Casts: the dtype named, on the receiver's device.
    {"type", D::FromInputs, T::FromArgument, S::Unknown, V::New, P::Method},
    {"toType", D::FromInputs, T::FromArgument, S::Unknown, V::New, P::None},

    // Copies and views of the receiver's values.
    {"clone", D::FromInputs, T::Keep, S::KeepRank, V::Same},
    {"contiguous", D::FromInputs, T::Keep, S::KeepRank, V::Same},
    {"detach", D::FromInputs, T::Keep, S::KeepRank, V::Same},
    // Views and rearrangements: the receiver's dtype, another shape.
    {"squeeze", D::FromInputs, T::Keep, S::KeepZeroDim, V::New},
    {"unsqueeze", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"expand", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"expand_as", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"view", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"view_as", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"reshape", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"reshape_as", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"flatten", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"permute", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"movedim", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"t", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"transpose", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"repeat", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"narrow", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"slice", D::FromInputs, T::Keep, S::Unknown, V::New, P::Index},
    {"select", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"index", D::FromInputs, T::Keep, S::Unknown, V::New, P::Index},
    {"flip", D::FromInputs, T::Keep, S::Unknown, V::New},
    {"roll", D::FromInputs, T::Keep, S::Unknown, V::New},
    // Writes into (a copy of) the receiver: its shape.
    {"masked_fill", D::FromInputs, T::Unknown, S::KeepRank, V::New},
    {"masked_fill_", D::FromInputs, T::Unknown, S::KeepRank, V::New},
    {"index_put_", D::FromInputs, T::Unknown, S::KeepRank, V::New, P::Index},
    {"fill_", D::FromInputs, T::Unknown, S::KeepRank, V::New},
    {"zero_", D::FromInputs, T::Unknown, S::KeepRank, V::New},

    // Tensors like the receiver: its device and shape unless the options say otherwise.
    {"zeros_like", D::LikeSelf, T::FromArgument, S::KeepRank, V::New},
    {"ones_like", D::LikeSelf, T::FromArgument, S::KeepRank, V::New},
    {"empty_like", D::LikeSelf, T::FromArgument, S::KeepRank, V::New},
    {"full_like", D::LikeSelf, T::FromArgument, S::KeepRank, V::New},
    {"rand_like", D::LikeSelf, T::FromArgument, S::KeepRank, V::New},
    {"randn_like", D::LikeSelf, T::FromArgument, S::KeepRank, V::New},
    {"randint_like", D::LikeSelf, T::FromArgument, S::KeepRank, V::New},
    {"*_like", D::LikeSelf, T::FromArgument, S::Unknown, V::New},
    {"new_*", D::LikeSelf, T::Unknown, S::Unknown, V::New, P::Method},

    // Comparisons and logical ops: boolean masks.
    {"eq", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"ne", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"lt", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"le", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"gt", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"ge", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"greater", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"less", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"greater_equal", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"less_equal", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"not_equal", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"isclose", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"isin", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"logical_and", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"logical_or", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"logical_xor", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"logical_not", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"isnan", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"isinf", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"isfinite", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"isposinf", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"isneginf", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"isreal", D::FromInputs, T::Bool, S::Unknown, V::New},
    {"signbit", D::FromInputs, T::Bool, S::Unknown, V::New},

    // Ops that make indices or counts: integer tensors, never masks.
    {"nonzero", D::FromInputs, T::Index, S::Unknown, V::New},
    {"nonzero_static", D::FromInputs, T::Index, S::Unknown, V::New},
    {"argwhere", D::FromInputs, T::Index, S::Unknown, V::New},
    {"argsort", D::FromInputs, T::Index, S::Unknown, V::New},
    {"bucketize", D::FromInputs, T::Index, S::Unknown, V::New},
    {"argmax", D::FromInputs, T::Index, S::ZeroDimWithoutDim, V::New},
    {"argmin", D::FromInputs, T::Index, S::ZeroDimWithoutDim, V::New},
    {"count_nonzero", D::FromInputs, T::Index, S::ZeroDimWithoutDim, V::New},
    // Full reductions (with a dim, or max/min of two tensors, not 0-dim).
    {"sum", D::FromInputs, T::Unknown, S::ZeroDimWithoutDim, V::New},
    {"mean", D::FromInputs, T::Unknown, S::ZeroDimWithoutDim, V::New},
    {"max", D::FromInputs, T::Unknown, S::ZeroDimWithoutDim, V::New},
    {"min", D::FromInputs, T::Unknown, S::ZeroDimWithoutDim, V::New},
    {"prod", D::FromInputs, T::Unknown, S::ZeroDimWithoutDim, V::New},
    {"norm", D::FromInputs, T::Unknown, S::ZeroDimWithoutDim, V::New},
};

// A pattern row ("*_like", "new_*") fits Name.
bool fits(std::string_view Pattern, std::string_view Name) {
  if (Pattern.empty() || Name.size() < Pattern.size() - 1)
    return false;
  if (Pattern.front() == '*')
    return Name.substr(Name.size() - (Pattern.size() - 1)) == Pattern.substr(1);
  if (Pattern.back() == '*')
    return Name.substr(0, Pattern.size() - 1) == Pattern.substr(0, Pattern.size() - 1);
  return false;
}

bool isPattern(std::string_view Name) { return Name.find('*') != std::string_view::npos; }

// Name's row: its own, else the first pattern's it fits; null when none.
const OpRow *listedRow(std::string_view Name) {
  static const std::map<std::string_view, const OpRow *> ByName = [] {
    std::map<std::string_view, const OpRow *> M;
    for (const OpRow &R : Rows)
      if (!isPattern(R.Name))
        M.emplace(R.Name, &R);
    return M;
  }();
  if (auto It = ByName.find(Name); It != ByName.end())
    return It->second;
  for (const OpRow &R : Rows)
    if (isPattern(R.Name) && fits(R.Name, Name))
      return &R;
  return nullptr;
}

} // namespace

const std::vector<OpRow> &opTable() { return Rows; }

OpRow opRow(std::string_view Name) {
  OpRow Out;
  if (const OpRow *R = listedRow(Name))
    Out = *R;
  Out.Name = Name;
  return Out;
}

bool listedOp(std::string_view Name) { return listedRow(Name) != nullptr; }

} // namespace hostsync
