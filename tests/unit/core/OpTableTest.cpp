// The op table (analyzer/model/OpTable.h), read row by row: each row must be one the
// analysis can read consistently, and a name finds its own row, its pattern's, or the default.
#include "model/OpTable.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace hostsync;

namespace {
bool isFactory(const OpRow &R) { return R.Device == ResultDevice::NamedElseCpu; }
bool keepsShape(const OpRow &R) {
  return R.Shape == ResultShape::Keep || R.Shape == ResultShape::KeepRank;
}
} // namespace

TEST(OpTable, EachRowIsConsistent) {
  std::set<std::string> Seen;
  for (const OpRow &R : opTable()) {
    SCOPED_TRACE(std::string(R.Name));
    ASSERT_FALSE(R.Name.empty());
    EXPECT_TRUE(Seen.insert(std::string(R.Name)).second) << "a second row of the same name";
    // A pattern stands for a prefix or a suffix, nothing else.
    if ((R.Name.find('*') != std::string_view::npos))
      EXPECT_TRUE((R.Name.front() == '*') != (R.Name.back() == '*'));
    // Only a factory reads a size list or makes a tensor from a number, and it makes new values.
    if (R.Shape == ResultShape::SizeList || R.Shape == ResultShape::ZeroDimFromLiteral)
      EXPECT_TRUE(isFactory(R));
    if (isFactory(R))
      EXPECT_EQ(R.Values, ResultValues::New);
    // A copy of the receiver's values has its shape and is read as the receiver's dtype or a cast.
    if (R.Values == ResultValues::Same) {
      EXPECT_TRUE(keepsShape(R));
      EXPECT_TRUE(R.Dtype == ResultDtype::Keep || R.Dtype == ResultDtype::FromArgument);
    }
    // A full reduction is where its input is; an integer one is an index, never a mask.
    if (R.Shape == ResultShape::ZeroDimWithoutDim) {
      EXPECT_EQ(R.Device, ResultDevice::FromInputs);
      EXPECT_NE(R.Dtype, ResultDtype::Bool);
    }
    // What the table looks up by this name is this row.
    if (!(R.Name.find('*') != std::string_view::npos)) {
      OpRow Found = opRow(R.Name);
      EXPECT_EQ(Found.Name, R.Name);
      EXPECT_EQ(Found.Device, R.Device);
      EXPECT_EQ(Found.Dtype, R.Dtype);
      EXPECT_EQ(Found.Shape, R.Shape);
      EXPECT_EQ(Found.Values, R.Values);
    }
  }
}

TEST(OpTable, ColumnsOfOpsFromEachGroup) {
  EXPECT_EQ(opRow("zeros").Device, ResultDevice::NamedElseCpu);
  EXPECT_EQ(opRow("zeros").Shape, ResultShape::SizeList);
  EXPECT_EQ(opRow("arange").Dtype, ResultDtype::Index);
  EXPECT_EQ(opRow("tensor").Shape, ResultShape::ZeroDimFromLiteral);
  EXPECT_EQ(opRow("to").Device, ResultDevice::CopyTarget);
  EXPECT_EQ(opRow("to").Values, ResultValues::Same);
  EXPECT_EQ(opRow("cpu").Device, ResultDevice::Cpu);
  EXPECT_EQ(opRow("cuda").Device, ResultDevice::Cuda);
  EXPECT_EQ(opRow("pin_memory").Device, ResultDevice::PinnedCpu);
  EXPECT_EQ(opRow("permute").Dtype, ResultDtype::Keep);
  EXPECT_EQ(opRow("squeeze").Shape, ResultShape::KeepZeroDim);
  EXPECT_EQ(opRow("gt").Dtype, ResultDtype::Bool);
  EXPECT_EQ(opRow("isnan").Dtype, ResultDtype::Bool);
  EXPECT_EQ(opRow("nonzero").Dtype, ResultDtype::Index);
  EXPECT_EQ(opRow("argmax").Shape, ResultShape::ZeroDimWithoutDim);
  EXPECT_EQ(opRow("sum").Shape, ResultShape::ZeroDimWithoutDim);
  EXPECT_EQ(opRow("sum").Dtype, ResultDtype::Unknown);
}

TEST(OpTable, PatternsAndDefaults) {
  // Own rows first: zeros_like keeps the rank, which the pattern row does not read.
  EXPECT_EQ(opRow("zeros_like").Shape, ResultShape::KeepRank);
  OpRow Like = opRow("bernoulli_like");
  EXPECT_EQ(Like.Name, "bernoulli_like");
  EXPECT_EQ(Like.Device, ResultDevice::LikeSelf);
  EXPECT_EQ(Like.Dtype, ResultDtype::FromArgument);
  EXPECT_EQ(Like.Shape, ResultShape::Unknown);
  OpRow New = opRow("new_zeros");
  EXPECT_EQ(New.Device, ResultDevice::LikeSelf);
  EXPECT_EQ(New.Dtype, ResultDtype::Unknown);
  // No row: from its inputs, nothing else known.
  OpRow Other = opRow("matmul");
  EXPECT_EQ(Other.Name, "matmul");
  EXPECT_EQ(Other.Device, ResultDevice::FromInputs);
  EXPECT_EQ(Other.Dtype, ResultDtype::Unknown);
  EXPECT_EQ(Other.Shape, ResultShape::Unknown);
  EXPECT_EQ(Other.Values, ResultValues::New);
}

// How Python spells the ops: most rows are the same name, as a method and a torch function;
// a few are methods only (a device move), Python's subscript, or LibTorch's C++ alone.
TEST(OpTable, PythonSpellings) {
  EXPECT_EQ(opRow("zeros").Python, PythonSpelling::Same);
  EXPECT_EQ(opRow("isnan").Python, PythonSpelling::Same);
  EXPECT_EQ(opRow("cuda").Python, PythonSpelling::Method);
  EXPECT_EQ(opRow("to").Python, PythonSpelling::Method);
  EXPECT_EQ(opRow("new_zeros").Python, PythonSpelling::Method); // the pattern row's
  EXPECT_EQ(opRow("index").Python, PythonSpelling::Index);
  EXPECT_EQ(opRow("from_blob").Python, PythonSpelling::None);
  EXPECT_EQ(opRow("toType").Python, PythonSpelling::None);
  // Python's factories from host data: on the CPU.
  EXPECT_EQ(opRow("from_numpy").Device, ResultDevice::Cpu);
  EXPECT_EQ(opRow("as_tensor").Device, ResultDevice::NamedElseCpu);
  // An op no row names: the same name in Python, where its inputs are.
  EXPECT_EQ(opRow("matmul").Python, PythonSpelling::Same);
}
