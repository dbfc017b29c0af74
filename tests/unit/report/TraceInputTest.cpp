// The report's strict input readers: trace numbers (report/input/TraceNumbers.h).
#include "input/TraceNumbers.h"

#include <gtest/gtest.h>

using namespace hostsync::report;
using J = nlohmann::ordered_json;

namespace {
// The error a reader throws for record, or "" when it reads.
std::string wholeNumberError(const char *record) {
  try {
    wholeNumber(J::parse(record), "end_ns", "stalls[3]");
    return "";
  } catch (const TraceRecordError &e) {
    return e.what();
  }
}
} // namespace

TEST(TraceNumbers, WholeNanosecondsThatFitInt64) {
  EXPECT_EQ(wholeNumber(J::parse(R"({"end_ns": 9223372036854775807})"), "end_ns", "s"), INT64_MAX);
  EXPECT_EQ(wholeNumber(J::parse(R"({"end_ns": 5.0})"), "end_ns", "s"), 5);
  EXPECT_EQ(wholeNumber(J::parse("{}"), "end_ns", "s", 42), 42);
  EXPECT_EQ(wholeNumber(J::parse(R"({"end_ns": -1})"), "end_ns", "s", 0, -1), -1);
  EXPECT_EQ(wholeNumberError(R"({"end_ns": -1})"), "stalls[3]: end_ns is negative: -1");
  EXPECT_EQ(wholeNumberError(R"({"end_ns": 9223372036854775808})"),
            "stalls[3]: end_ns is too large: 9223372036854775808");
  EXPECT_EQ(wholeNumberError(R"({"end_ns": 9.3e18})"), "stalls[3]: end_ns is too large: 9.3e+18");
  EXPECT_EQ(wholeNumberError(R"({"end_ns": 0.5})"), "stalls[3]: end_ns is not a whole number: 0.5");
  EXPECT_EQ(wholeNumberError(R"({"end_ns": null})"), "stalls[3]: end_ns is not a number: null");
}

TEST(TraceNumbers, IntervalsAndSums) {
  Ns start = 0, end = 0;
  interval(J::parse(R"({"start_ns": 5, "end_ns": 5})"), "s", start, end);
  EXPECT_EQ(end - start, 0);
  EXPECT_THROW(interval(J::parse(R"({"start_ns": 6, "end_ns": 5})"), "s", start, end),
               TraceRecordError);
  Ns total = INT64_MAX - 1;
  addTime(total, 1, "x");
  EXPECT_THROW(addTime(total, 1, "x"), TraceRecordError);
  EXPECT_THROW(percentage(J::parse(R"({"p": 100.5})"), "p", "s"), TraceRecordError);
}
