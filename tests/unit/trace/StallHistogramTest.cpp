// StallHistogram: a site's stall lengths in fixed memory. Count, total, min and max exact;
// percentiles within 2.2% of the exact ones (analysis/Summary's percentile of the sample),
// exact when the stalls are alike; two halves merged read as the whole.
#include "analysis/StallHistogram.h"
#include "analysis/Summary.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

using namespace hostsync::trace;

namespace {
// Lengths spread log-uniformly from 20 us to 1 s, from a fixed linear congruential sequence.
std::vector<Ns> spread(size_t n) {
  std::vector<Ns> v;
  uint64_t x = 12345;
  for (size_t i = 0; i < n; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    double u = static_cast<double>(x >> 11) / static_cast<double>(1ull << 53);
    v.push_back(static_cast<Ns>(20000.0 * std::pow(50000.0, u)));
  }
  return v;
}
} // namespace

TEST(StallHistogram, EmptyReadsZero) {
  StallHistogram h;
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.total(), 0);
  EXPECT_EQ(h.min(), 0);
  EXPECT_EQ(h.percentile(0.5), 0);
}

TEST(StallHistogram, AlikeStallsReadExactly) {
  StallHistogram h;
  for (int i = 0; i < 1000; ++i)
    h.add(5000000);
  EXPECT_EQ(h.count(), 1000u);
  EXPECT_EQ(h.total(), 5000000000);
  EXPECT_EQ(h.percentile(0.5), 5000000);
  EXPECT_EQ(h.percentile(0.99), 5000000);
}

TEST(StallHistogram, PercentilesWithinTheBucketWidth) {
  std::vector<Ns> v = spread(10000);
  StallHistogram h;
  Ns total = 0;
  for (Ns x : v) {
    h.add(x);
    total += x;
  }
  EXPECT_EQ(h.count(), v.size());
  EXPECT_EQ(h.total(), total);
  for (double p : {0.0, 0.5, 0.9, 0.99, 1.0}) {
    double exact = static_cast<double>(percentile(v, p));
    EXPECT_NEAR(static_cast<double>(h.percentile(p)), exact, 0.022 * exact) << "p " << p;
  }
  EXPECT_EQ(h.percentile(0.0), percentile(v, 0.0)); // min and max are exact
  EXPECT_EQ(h.percentile(1.0), percentile(v, 1.0));
}

TEST(StallHistogram, TwoHalvesMergedReadAsTheWhole) {
  std::vector<Ns> v = spread(5001);
  StallHistogram whole, first, second;
  for (size_t i = 0; i < v.size(); ++i) {
    whole.add(v[i]);
    (i % 3 ? first : second).add(v[i]);
  }
  first.merge(second);
  EXPECT_EQ(first.count(), whole.count());
  EXPECT_EQ(first.total(), whole.total());
  EXPECT_EQ(first.min(), whole.min());
  EXPECT_EQ(first.max(), whole.max());
  for (double p : {0.5, 0.99})
    EXPECT_EQ(first.percentile(p), whole.percentile(p));
}

TEST(StallHistogram, LengthsPastEitherEndAreKept) {
  StallHistogram h;
  h.add(500);         // under a microsecond: the first bucket
  h.add(Ns(1) << 62); // longer than any bucket: the last
  EXPECT_EQ(h.count(), 2u);
  EXPECT_EQ(h.min(), 500);
  EXPECT_EQ(h.max(), Ns(1) << 62);
  EXPECT_EQ(h.percentile(0.0), 500);
  EXPECT_EQ(h.percentile(1.0), Ns(1) << 62);
}
