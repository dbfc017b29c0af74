#include "analysis/SampleSchedule.h"

#include <algorithm>

namespace hostsync::trace {

namespace {
// splitmix64: a well-mixed 64-bit value for each (seed, period), with no state to keep.
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
} // namespace

SampleSchedule::SampleSchedule(const SampleOptions &options, Ns origin)
    : options_(options), origin_(origin) {
  options_.period_ns = std::max<Ns>(options_.period_ns, 1);
  options_.window_ns = std::clamp<Ns>(options_.window_ns, 1, options_.period_ns);
}

Ns SampleSchedule::openOfPeriod(int64_t k) const {
  Ns room = options_.period_ns - options_.window_ns; // where in its period a window may open
  uint64_t r = mix(options_.seed ^ mix(static_cast<uint64_t>(k)));
  Ns offset = room > 0 ? static_cast<Ns>(r % static_cast<uint64_t>(room + 1)) : 0;
  return origin_ + k * options_.period_ns + offset;
}

Ns SampleSchedule::nextOpen(Ns now) const {
  int64_t k = now <= origin_ ? 0 : (now - origin_) / options_.period_ns;
  Ns open = openOfPeriod(k);
  return open >= now ? open : openOfPeriod(k + 1);
}

} // namespace hostsync::trace
