// Whole numbers of hostsync's JSON formats (trace.json, findings JSON, SARIF) read without
// undefined behaviour. nlohmann's get<int>() and value(key, 0) turn a float into the
// integer type with a plain static_cast, which is undefined when it does not fit (1e300 as
// a line, -1.0 as a size): fuzz_trace_json and fuzz_lint_findings (tests/fuzz) stop on it
// under UBSan. These throw instead, for the reader's catch to name the record.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace hostsync::trace {

// "line is out of range: 1e+300".
struct JsonNumberError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// v as a T: a number within T's range (a float in range is truncated, as nlohmann does), else
// JsonNumberError naming what; not a number: nlohmann's own type_error.
template <typename T> T integerOf(const nlohmann::ordered_json &v, const std::string &what) {
  static_assert(std::is_integral_v<T>);
  if (!v.is_number())
    return v.get<T>(); // a type error (or a boolean as 0 or 1, as nlohmann reads it)
  using Limits = std::numeric_limits<T>;
  bool fits;
  if (v.is_number_unsigned()) {
    fits = v.get<uint64_t>() <= static_cast<uint64_t>(Limits::max());
  } else if (v.is_number_integer()) {
    int64_t n = v.get<int64_t>();
    fits = n < 0 ? Limits::is_signed && n >= static_cast<int64_t>(Limits::min())
                 : static_cast<uint64_t>(n) <= static_cast<uint64_t>(Limits::max());
  } else {
    // max + 1 is a power of two, exact as a double where max itself is not (INT64_MAX);
    // NaN fails both comparisons.
    double d = v.get<double>(), end = 2.0 * static_cast<double>(Limits::max() / 2 + 1);
    fits = d >= static_cast<double>(Limits::min()) && d < end;
  }
  if (!fits)
    throw JsonNumberError(what + " is out of range: " + v.dump());
  return v.get<T>();
}

// record[key] as a T, fallback when absent: value(key, fallback) without the undefined cast.
template <typename T>
T integerValue(const nlohmann::ordered_json &record, const char *key, T fallback) {
  if (!record.is_object())
    return record.value(key, fallback); // nlohmann's type error, as value() gives it
  auto it = record.find(key);
  return it == record.end() ? fallback : integerOf<T>(*it, key);
}

} // namespace hostsync::trace
