// The pieces of the result cache and the precompiled prefix that need no parse: which
// header a file begins with, how commands are compared, and a TU's result stored and read
// back whole (analyzer/cache/). The parses themselves are compared in tests/lit/speed.
#include "cache/LeadingInclude.h"
#include "cache/PrefixPch.h"
#include "cache/TUResultJson.h"
#include "driver/Progress.h"

#include <gtest/gtest.h>

using namespace hostsync;

namespace {
std::optional<std::string> leading(const std::string &Text) {
  return leadingSystemIncludeOf(Text, "/nonexistent", {});
}
} // namespace

TEST(LeadingInclude, PassesOverCommentsPragmaOnceAndAGuard) {
  EXPECT_EQ(leading("// a\n/* b\n c */\n#pragma once\n#include <torch/torch.h>\nint x;\n"),
            "<torch/torch.h>");
  EXPECT_EQ(leading("#ifndef A_H\n#define A_H\n#  include <vector>  // why\n"), "<vector>");
}

TEST(LeadingInclude, AnythingElseFirstMeansNone) {
  EXPECT_EQ(leading("#define SCALE 2\n#include <torch/torch.h>\n"), std::nullopt);
  EXPECT_EQ(leading("#ifndef A_H\n#define B_H\n#include <vector>\n"), std::nullopt);
  EXPECT_EQ(leading("#ifdef USE_TORCH\n#include <torch/torch.h>\n#endif\n"), std::nullopt);
  EXPECT_EQ(leading("int x;\n#include <vector>\n"), std::nullopt);
  EXPECT_EQ(leading("#include \\\n<vector>\n"), std::nullopt);
  EXPECT_EQ(leading(""), std::nullopt);
}

TEST(LeadingInclude, AProjectHeaderThatCannotBeFoundMeansNone) {
  EXPECT_EQ(leading("#include \"model.h\"\n#include <torch/torch.h>\n"), std::nullopt);
}

TEST(PchFlags, DropTheToolTheFileAndSyntaxOnly) {
  EXPECT_EQ(
      pchFlags({"clang-tool", "-std=c++17", "a.cpp", "-fsyntax-only", "-I", "inc"}, "a.cpp", "/p"),
      (std::vector<std::string>{"-std=c++17", "-I", "inc"}));
  EXPECT_EQ(pchFlags({"clang-tool", "/p/a.cpp", "-DX"}, "a.cpp", "/p"),
            (std::vector<std::string>{"-DX"}));
}

TEST(PchFlags, IncludeDirectoryOrderDoesNotSplitFiles) {
  std::vector<std::string> A = pchKeyFlags({"-DX", "-I/b", "-I", "/a", "-iquote/q"});
  std::vector<std::string> B = pchKeyFlags({"-I/a", "-iquote", "/q", "-DX", "-I/b"});
  EXPECT_EQ(A, B);
  EXPECT_NE(A, pchKeyFlags({"-DY", "-I/b", "-I/a", "-iquote/q"}));
  EXPECT_EQ(quoteDirs({"-I", "inc", "-iquote/q", "-isystem", "/s"}, "/p"),
            (std::vector<std::string>{"/p/inc", "/q"}));
}

TEST(PchFlags, ForcedIncludesThePchHoldsAreDropped) {
  EXPECT_EQ(withoutForcedIncludes({"x", "-include", "optional", "-includecstdio", "-include",
                                   "mine.h", "-include-pch", "t.pch"},
                                  {"optional", "cstdio"}),
            (std::vector<std::string>{"x", "-include", "mine.h", "-include-pch", "t.pch"}));
}

TEST(TUResultJson, EveryFieldComesBack) {
  TUResult R;
  R.File = "a.cpp";
  R.Errors = 2;
  R.Parsed = true;
  R.FirstError = "a.cpp:1:2: oops";
  R.MissingHeaders = {"x.h"};
  R.SourceErrors = {"a.cpp: line 3: unmatched NOLINTBEGIN"};
  Finding F;
  F.Rule = "hostsync-item";
  F.Sev = Severity::Error;
  F.File = "/p/a.cpp";
  F.Line = 3;
  F.Column = 7;
  F.Op = "item";
  F.Device = DeviceConfidence::Unknown;
  F.DeviceReason = "parameter `t`";
  F.Open.Base = DeviceState::Unknown;
  F.Open.Keys = {"arg:f#0"};
  F.Open.Inverted = true;
  F.WhenUnknown = DeviceConfidence::Assumed;
  F.WhenUnknownReason = "--assume-device=cuda";
  F.Rnk = Rank::Periodic;
  F.RankReason = "every 10 steps";
  F.Period = 10;
  F.Function = "f";
  F.Message = "syncs";
  F.Fix = "keep it a tensor";
  F.SourceLine = "  t.item();";
  F.Suppressed = true;
  F.SuppressionReason = "NOLINT";
  F.Replacements = {{"/p/a.cpp", 10, 4, "x"}};
  F.FixCondition = "'t' has 1 element";
  R.Findings = {F};
  R.Facts.Contributions = {{"ret:g", F.Open, "a.cpp:9", "returned by `h()`"}};
  R.Facts.Opaque = {"arg:k#1"};
  R.Facts.Names = {{"arg:f#0", "parameter 't' of f()"}};

  TUResult Back;
  ASSERT_TRUE(fromJson(toJson(R), Back));
  EXPECT_EQ(toJson(Back), toJson(R));
  ASSERT_EQ(Back.Findings.size(), 1u);
  EXPECT_EQ(Back.Findings[0].Period, std::optional<int64_t>(10));
  EXPECT_EQ(Back.Findings[0].Open.Keys, F.Open.Keys);
  EXPECT_EQ(Back.Facts.Contributions[0].Why, "returned by `h()`");
}

TEST(TUResultJson, ADamagedEntryIsRefused) {
  TUResult Out;
  EXPECT_FALSE(fromJson(nlohmann::json::parse(R"({"file": "a.cpp"})"), Out));
  EXPECT_FALSE(fromJson(nlohmann::json::array(), Out));
}

TEST(Progress, DurationsReadAsAPersonWouldSayThem) {
  EXPECT_EQ(durationText(0.4), "0s");
  EXPECT_EQ(durationText(45), "45s");
  EXPECT_EQ(durationText(130), "2m10s");
  EXPECT_EQ(durationText(3780), "1h03m");
}
