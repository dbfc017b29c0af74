#include "driver/Options.h"

#include <gtest/gtest.h>

using namespace hostsync;

namespace {
std::string parse(std::vector<const char *> Args, Options &O) {
  Args.insert(Args.begin(), "hostsync-lint");
  std::string Error;
  bool Ok = parseOptions(static_cast<int>(Args.size()), Args.data(), O, Error);
  return Ok ? "" : O.Printed ? "(printed)" : Error;
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

TEST(Options, ReadsEverySpellingOfAnOptionAlike) {
  Options A, B, C;
  EXPECT_EQ(parse({"--format", "sarif", "-o", "out.sarif", "-q", "--report-cpu=false"}, A), "");
  EXPECT_EQ(parse({"-format=sarif", "--output=out.sarif", "--quiet", "-report-cpu=0"}, B), "");
  EXPECT_EQ(parse({"--format=json", "--format=sarif", "-j", "3", "-j=4", "--output", "out.sarif",
                   "--quiet=true", "--report-cpu=1", "--extra-arg=-DA", "--extra-arg", "-DB"},
                  C),
            "");
  for (const Options *O : {&A, &B, &C}) {
    EXPECT_EQ(O->Format, OutputFormat::Sarif);
    EXPECT_EQ(O->OutputFile, "out.sarif");
    EXPECT_TRUE(O->Quiet);
  }
  EXPECT_EQ(A.Devices.ReportCpu, std::optional<bool>(false));
  EXPECT_EQ(C.Devices.ReportCpu, std::optional<bool>(true));
  EXPECT_EQ(C.Jobs, 4u); // the last one given
  EXPECT_EQ(C.ExtraArgs, (std::vector<std::string>{"-DA", "-DB"}));
}

TEST(Options, HelpAndVersionPrintAndSayExitZero) {
  Options O;
  testing::internal::CaptureStdout();
  EXPECT_EQ(parse({"--version"}, O), "(printed)");
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "\n"); // no version line given here
  testing::internal::CaptureStdout();
  EXPECT_EQ(parse({"x.cpp", "-h"}, O), "(printed)");
  std::string Help = testing::internal::GetCapturedStdout();
  for (const char *Part : {"USAGE: hostsync-lint [options] <file or directory>...", "\nInputs:\n",
                           "  -p <build dir>", "  --format=<text|json|", "EXIT CODES:"})
    EXPECT_NE(Help.find(Part), std::string::npos) << Part;
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
