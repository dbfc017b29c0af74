// Whole numbers read from JSON without an undefined conversion (profiler/io/JsonNumbers.h):
// each type's edges, as doubles and as integers.
#include "io/JsonNumbers.h"

#include <gtest/gtest.h>

using namespace hostsync::trace;
using J = nlohmann::ordered_json;

TEST(JsonNumbers, TheRangeOfEachType) {
  EXPECT_EQ(integerOf<int>(J::parse("2147483647.0"), "x"), 2147483647);
  EXPECT_EQ(integerOf<int>(J::parse("-2147483648"), "x"), -2147483648);
  EXPECT_EQ(integerOf<int>(J::parse("7.9"), "x"), 7); // truncated, as nlohmann does
  EXPECT_THROW(integerOf<int>(J::parse("2147483648.0"), "x"), JsonNumberError);
  EXPECT_THROW(integerOf<int>(J::parse("2147483648"), "x"), JsonNumberError);
  EXPECT_THROW(integerOf<int>(J::parse("-1e300"), "x"), JsonNumberError);
  EXPECT_EQ(integerOf<int64_t>(J::parse("9223372036854775807"), "x"), INT64_MAX);
  EXPECT_THROW(integerOf<int64_t>(J::parse("9223372036854775808"), "x"), JsonNumberError);
  EXPECT_THROW(integerOf<int64_t>(J::parse("9.223372036854775808e18"), "x"), JsonNumberError);
  EXPECT_EQ(integerOf<uint64_t>(J::parse("18446744073709551615"), "x"), UINT64_MAX);
  EXPECT_THROW(integerOf<uint64_t>(J::parse("-1"), "x"), JsonNumberError);
  EXPECT_THROW(integerOf<uint64_t>(J::parse("-1.0"), "x"), JsonNumberError);
  EXPECT_THROW(integerOf<uint64_t>(J::parse("1.8446744073709551616e19"), "x"), JsonNumberError);
}

TEST(JsonNumbers, AbsentKeysAndOtherTypes) {
  J record = J::parse(R"({"line": 1e300, "column": "5", "size": 12})");
  EXPECT_EQ(integerValue(record, "missing", -1), -1);
  EXPECT_EQ(integerValue(record, "size", uint64_t(0)), 12u);
  try {
    integerValue(record, "line", 0);
    FAIL() << "1e300 read as an int";
  } catch (const JsonNumberError &e) {
    EXPECT_STREQ(e.what(), "line is out of range: 1e+300");
  }
  EXPECT_THROW(integerValue(record, "column", 0), J::type_error);
  EXPECT_THROW(integerValue(J::parse("[1]"), "line", 0), J::type_error);
}
