// The rank policy both front ends share (model/RankPolicy): hot by itself, in a loop, or from
// what is hot; periodic only where every path is periodic; the first reason kept.
#include "model/RankPolicy.h"

#include <gtest/gtest.h>

namespace hostsync {
namespace {

std::string nameOf(size_t F) {
  return F == RankPolicy::ModuleLevel ? "the module" : "f" + std::to_string(F) + "()";
}

TEST(RankPolicy, HotPeriodicAndColdFromTheCalls) {
  // f0 calls f1 in a loop and f3 under `if step % 50 == 0`; f1 calls f2; f3 calls f4 and f1;
  // f5 is a module's forward(), calling f6; f7 is called once, outside a loop.
  RankPolicy P(8);
  P.hot(5, "in f5() of a torch::nn::Module");
  P.call(0, 1, /*InLoop=*/true);
  P.call(0, 3, true, /*Periodic=*/true, 50, "once every 50 iterations of a loop");
  P.call(1, 2, false);
  P.call(3, 4, false);
  P.call(3, 1, false);
  P.call(5, 6, false);
  P.call(RankPolicy::ModuleLevel, 7, false);
  std::vector<RankPolicy::Result> R = P.solve(nameOf);
  EXPECT_EQ(R[0].Value, Rank::Cold);
  EXPECT_EQ(R[1].Value, Rank::Hot);
  EXPECT_EQ(R[1].Reason, "called in a loop in f0()");
  EXPECT_EQ(R[2].Reason, "called from f1(), which is hot");
  EXPECT_EQ(R[3].Value, Rank::Periodic);
  EXPECT_EQ(R[3].Reason, "called once every 50 iterations of a loop in f0()");
  EXPECT_EQ(R[3].Period, 50);
  EXPECT_EQ(R[4].Value, Rank::Periodic); // a periodic function's callee
  EXPECT_EQ(R[4].Reason, "called from f3(), which is periodic");
  EXPECT_EQ(R[4].Period, 50);
  EXPECT_EQ(R[6].Reason, "called from f5(), which is hot");
  EXPECT_EQ(R[7].Value, Rank::Cold);
}

TEST(RankPolicy, AHotPathWinsOverAPeriodicOne) {
  // f1 is called under a periodic guard and in a loop: hot.
  RankPolicy P(2);
  P.call(0, 1, true, true, 10, "once every 10 iterations of a loop");
  P.call(0, 1, true);
  std::vector<RankPolicy::Result> R = P.solve(nameOf);
  EXPECT_EQ(R[1].Value, Rank::Hot);
  EXPECT_EQ(R[1].Reason, "called in a loop in f0()");
}

} // namespace
} // namespace hostsync
