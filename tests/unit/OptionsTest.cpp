#include "driver/Options.h"

#include <gtest/gtest.h>

using namespace hostsync;

namespace {
std::string parse(std::vector<const char *> Args, Options &O) {
  Args.insert(Args.begin(), "hostsync-lint");
  std::string Error;
  bool Ok = parseOptions(static_cast<int>(Args.size()), Args.data(), O, Error);
  return Ok ? "" : Error.empty() ? "(printed by llvm::cl)" : Error;
}
} // namespace

TEST(Options, ParsesFlagsInputsAndTrailingCompileFlags) {
  Options O;
  EXPECT_EQ(parse({"-p", "build", "--format=json", "-j2", "--assume-device=cuda", "a.cpp", "--",
                   "-DX=1", "-Iinc"},
                  O),
            "");
  EXPECT_EQ(O.BuildPath, "build");
  EXPECT_EQ(O.Format, OutputFormat::Json);
  EXPECT_EQ(O.Jobs, 2u);
  EXPECT_EQ(O.Assume, AssumeDevice::Cuda);
  EXPECT_EQ(O.Inputs, std::vector<std::string>{"a.cpp"});
  EXPECT_TRUE(O.HaveFixedFlags);
  EXPECT_EQ(O.FixedFlags, (std::vector<std::string>{"-DX=1", "-Iinc"}));
}

TEST(Options, RejectsUnknownOptionsAndValues) {
  Options O;
  EXPECT_NE(parse({"--frobnicate"}, O), "");
  EXPECT_NE(parse({"--format=xml"}, O), "");
  EXPECT_NE(parse({"-j", "zero"}, O), "");
  EXPECT_NE(parse({"--min-severity=fatal"}, O), "");
  EXPECT_NE(parse({"-p"}, O), "");
}

TEST(Options, SelectsRulesWithGlobsAndNegation) {
  const Catalog &C = Catalog::embedded();
  std::vector<std::string> On;
  EXPECT_EQ(selectRules("-*,hostsync-item", C, On), "");
  EXPECT_EQ(On, std::vector<std::string>{"hostsync-item"});
  EXPECT_EQ(selectRules("hostsync-*,-hostsync-explicit-sync", C, On), "");
  EXPECT_EQ(On.size(), C.rules().size() - 1);
  EXPECT_EQ(selectRules("-*,hostsync-*-to-*-copy", C, On), "");
  EXPECT_EQ(On, (std::vector<std::string>{"hostsync-device-to-host-copy",
                                          "hostsync-host-to-device-copy"}));
  std::string E = selectRules("hostsync-itme", C, On);
  EXPECT_NE(E.find("unknown rule id 'hostsync-itme'"), std::string::npos) << E;
}
