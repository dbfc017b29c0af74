#include "input/TraceNumbers.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace hostsync::report {

using J = nlohmann::ordered_json;

namespace {
[[noreturn]] void reject(const std::string &where, const char *key, const std::string &what,
                         const J &value) {
  std::string shown = value.dump();
  if (shown.size() > 40) // a value is quoted to say which one, not to be reproduced whole
    shown = shown.substr(0, 40) + "...";
  throw TraceRecordError(where + ": " + key + " " + what + ": " + shown);
}
} // namespace

int64_t wholeNumber(const J &record, const char *key, const std::string &where, int64_t fallback,
                    int64_t min) {
  if (!record.is_object() || !record.contains(key))
    return fallback;
  const J &v = record[key];
  constexpr int64_t max = std::numeric_limits<int64_t>::max();
  int64_t n = 0;
  if (v.is_number_unsigned()) {
    if (v.get<uint64_t>() > static_cast<uint64_t>(max))
      reject(where, key, "is too large", v);
    n = static_cast<int64_t>(v.get<uint64_t>());
  } else if (v.is_number_integer()) {
    n = v.get<int64_t>();
  } else if (v.is_number_float()) {
    // 5.0 is 5; 1e30 (or an integer too long for uint64, which is read as a double) is no
    // time, and neither is half a nanosecond.
    double d = v.get<double>();
    if (d < 0 && min == 0)
      reject(where, key, "is negative", v);
    if (std::isfinite(d) && d != std::floor(d))
      reject(where, key, "is not a whole number", v);
    if (!(d >= -0x1p63 && d < 0x1p63)) // also inf, which nlohmann makes of 1e999
      reject(where, key, "is too large", v);
    n = static_cast<int64_t>(d);
  } else {
    reject(where, key, "is not a number", v);
  }
  if (n < min)
    reject(where, key, min == 0 ? "is negative" : "is out of range", v);
  return n;
}

double percentage(const J &record, const char *key, const std::string &where) {
  if (!record.is_object() || !record.contains(key))
    return 0;
  const J &v = record[key];
  if (!v.is_number())
    reject(where, key, "is not a number", v);
  double d = v.get<double>();
  if (!(d >= 0 && d <= 100)) // NaN too
    reject(where, key, "is not a percentage from 0 to 100", v);
  return d;
}

void interval(const J &record, const std::string &where, Ns &start, Ns &end) {
  start = wholeNumber(record, "start_ns", where);
  end = wholeNumber(record, "end_ns", where);
  if (end < start)
    throw TraceRecordError(where + ": end_ns before start_ns");
}

void addTime(Ns &total, Ns value, const std::string &what) {
  if (__builtin_add_overflow(total, value, &total))
    throw TraceRecordError(what + " add up past 2^63 ns (292 years)");
}

} // namespace hostsync::report
