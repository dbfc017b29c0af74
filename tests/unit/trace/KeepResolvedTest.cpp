// keepResolved: a symbolize run where a binary is missing keeps what an earlier run resolved,
// address by address, and counts what it kept and what it left unresolved per binary.
#include "symbolize/KeepResolved.h"

#include <gtest/gtest.h>

using namespace hostsync::trace;

namespace {
Frame resolved(uint64_t pc, const char *function, const char *file, int line) {
  Frame f;
  f.pc = pc;
  f.module = "/app/train";
  f.function = function;
  f.file = file;
  f.line = line;
  return f;
}

// What this run gives for an address of a binary it cannot read.
Frame unreadable(uint64_t pc, const char *module = "/app/train") {
  Frame f;
  f.pc = pc;
  f.module = module;
  f.function = "??";
  f.unreadable = true;
  return f;
}
} // namespace

TEST(KeepResolved, AnEarlierRunsFramesStandWhereThisRunCannotReadTheBinary) {
  // 0x10 was an inlined call (two frames), 0x20 one frame; 0x30 is new to this run.
  std::vector<Frame> earlier = {resolved(0x10, "inner", "a.cpp", 3),
                                resolved(0x10, "outer", "a.cpp", 9),
                                resolved(0x20, "main", "main.cpp", 5)};
  std::vector<Frame> now = {unreadable(0x10), resolved(0x20, "main", "main.cpp", 6),
                            unreadable(0x30, "/app/libx.so")};
  KeptCounts counts;
  std::vector<Frame> out = keepResolved(earlier, now, counts);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].function, "inner");
  EXPECT_EQ(out[1].function, "outer");
  EXPECT_EQ(out[2].line, 6); // resolved as well now: this run's frame
  EXPECT_EQ(out[3].function, "??");
  EXPECT_EQ(counts["/app/train"].kept, 1u); // one address of it, kept
  EXPECT_EQ(counts["/app/train"].unresolved, 0u);
  EXPECT_EQ(counts["/app/libx.so"].unresolved, 1u);
}

TEST(KeepResolved, AFrameWithAFileBeatsOneWithAFunctionOnly) {
  Frame noLines = resolved(0x10, "step", "", 0); // a binary here without -g
  KeptCounts counts;
  std::vector<Frame> out = keepResolved({resolved(0x10, "step", "s.cpp", 4)}, {noLines}, counts);
  EXPECT_EQ(out[0].file, "s.cpp");
  out = keepResolved({noLines}, {resolved(0x10, "step", "s.cpp", 4)}, counts);
  EXPECT_EQ(out[0].file, "s.cpp");
}

TEST(KeepResolved, FramesWithoutAddressesAreComparedAsAWholeStack) {
  // Written before frames carried their address: the better whole stack wins.
  std::vector<Frame> earlier = {resolved(0, "inner", "a.cpp", 3), resolved(0, "main", "m.cpp", 5)};
  KeptCounts counts;
  std::vector<Frame> out = keepResolved(earlier, {unreadable(0x10), unreadable(0x20)}, counts);
  EXPECT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1].function, "main");
  EXPECT_EQ(counts["/app/train"].kept, 2u);
  // No earlier frames at all: this run's, counted unresolved.
  out = keepResolved({}, {unreadable(0x10)}, counts);
  EXPECT_EQ(out[0].function, "??");
  EXPECT_EQ(counts["/app/train"].unresolved, 1u);
}

TEST(KeepResolved, FramesRoundTripThroughTraceJsonWithTheirAddress) {
  std::vector<Frame> frames = {resolved(0x401234, "main", "m.cpp", 5), resolved(0, "f", "", 0)};
  nlohmann::ordered_json j = framesJson(frames);
  EXPECT_EQ(j[0]["pc"], "0x401234");
  EXPECT_FALSE(j[1].contains("pc")); // kept from a run that wrote none: as it was
  std::vector<Frame> back = framesFromJson(j);
  EXPECT_EQ(back[0].pc, 0x401234u);
  EXPECT_EQ(back[0].line, 5);
  EXPECT_EQ(back[1].pc, 0u);
}
