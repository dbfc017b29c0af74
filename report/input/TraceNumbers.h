// Strict readers for the numbers of a trace.json record. The report adds, divides and prints
// them: a negative duration, an end before its start, a time past int64 or a fraction of a
// nanosecond would come out as nonsense in every output (or as undefined behaviour on the
// way), so each is an input error naming the record instead, never a value shown as it is.
#pragma once

#include "model/ReportModel.h"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

namespace hostsync::report {

// "stalls[3]: end_ns before start_ns"; the reader of the file puts its name in front.
struct TraceRecordError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// record[key] as a whole number from min to INT64_MAX; fallback when the key is absent.
// Throws TraceRecordError ("where: key is negative: -5", "... is not a whole number: 1.5",
// "... is too large: 1e+30", "... is not a number: \"5\"").
int64_t wholeNumber(const nlohmann::ordered_json &record, const char *key, const std::string &where,
                    int64_t fallback = 0, int64_t min = 0);

// record[key] as a percentage from 0 to 100; 0 when absent.
double percentage(const nlohmann::ordered_json &record, const char *key, const std::string &where);

// The record's start_ns and end_ns, end not before start.
void interval(const nlohmann::ordered_json &record, const std::string &where, Ns &start, Ns &end);

// total += value, or a TraceRecordError saying what the sum was of, when it would pass
// INT64_MAX (times of absurd traces: each fits, their sum does not).
void addTime(Ns &total, Ns value, const std::string &what);

} // namespace hostsync::report
