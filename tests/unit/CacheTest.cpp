// The pieces of the result cache and the precompiled prefix that need no parse: which
// headers a file begins with and which of them a group of files shares, how commands are compared,
// and a TU's result stored and read back whole (analyzer/cache/). The parses themselves are
// compared in tests/lit/speed.
#include "cache/LeadingInclude.h"
#include "cache/PrefixPch.h"
#include "cache/ResultCache.h"
#include "cache/TUResultJson.h"
#include "common/Utf8.h"
#include "driver/Progress.h"

#include <gtest/gtest.h>

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <stdexcept>

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
  EXPECT_EQ(leading("#define NAME \"x\"\n#include <torch/torch.h>\n"), std::nullopt);
  EXPECT_EQ(leading("#define NOMINMAX\n#undef X\n#include <torch/torch.h>\n"), std::nullopt);
  EXPECT_EQ(leading("#ifndef A_H\n#define B_H\n#include <vector>\n"), std::nullopt);
  EXPECT_EQ(leading("#ifdef USE_TORCH\n#include <torch/torch.h>\n#endif\n"), std::nullopt);
  EXPECT_EQ(leading("int x;\n#include <vector>\n"), std::nullopt);
  EXPECT_EQ(leading("#include \\\n<vector>\n"), std::nullopt);
  EXPECT_EQ(leading(""), std::nullopt);
}

TEST(LeadingInclude, AProjectHeaderThatCannotBeFoundMeansNone) {
  EXPECT_EQ(leading("#include \"model.h\"\n#include <torch/torch.h>\n"), std::nullopt);
}

TEST(LeadingIncludes, SystemHeadersThatFollowTheFirstExtendTheList) {
  auto All = [](const std::string &Text) {
    return leadingSystemIncludesOf(Text, "/nonexistent", {});
  };
  using L = std::vector<std::string>;
  EXPECT_EQ(
      All("#include <torch/torch.h>\n// log\n\n#include <iostream>\n#include <vector>\nint x;\n"
          "#include <map>\n"),
      (L{"<torch/torch.h>", "<iostream>", "<vector>"}));
  // A project header not found, or a conditional, ends the list; so does a continued line.
  EXPECT_EQ(All("#include <torch/torch.h>\n#include \"model.h\"\n#include <vector>\n"),
            L{"<torch/torch.h>"});
  EXPECT_EQ(All("#include <a.h>\n#ifdef X\n#include <b.h>\n#endif\n"), L{"<a.h>"});
  EXPECT_EQ(All("#include <a.h>\n#define X \\\n  1\n#include <b.h>\n"), L{"<a.h>"});
}

TEST(LeadingIncludes, MacrosDefinedBeforeOrBetweenTheHeadersKeepTheirPlace) {
  auto All = [](const std::string &Text) {
    return leadingSystemIncludesOf(Text, "/nonexistent", {});
  };
  using L = std::vector<std::string>;
  EXPECT_EQ(All("#pragma once\n#define NOMINMAX  // Windows\n#include <stdio.h>\n"
                "#define  N(x)   (x + 1)\n#include <torch/extension.h>\n#define LAST 1\nint x;\n"),
            (L{"#define NOMINMAX", "<stdio.h>", "#define N(x) (x + 1)", "<torch/extension.h>"}));
  EXPECT_EQ(leading("#define SCALE 2\n#include <torch/torch.h>\n"), "<torch/torch.h>");
  // Macros alone are no header; a quoted one could be changed by the reader: it ends the list.
  EXPECT_EQ(All("#define N 2\nint x;\n"), L{});
  EXPECT_EQ(All("#include <a.h>\n#define S \"a  b\"\n#include <b.h>\n"), L{"<a.h>"});
  // A block comment would lose the value (`#define N` with no 256); a reserved name may be
  // defined again by the system headers in the PCH (features.h under _GNU_SOURCE).
  EXPECT_EQ(All("#include <a.h>\n#define N /* threads */ 256\n#include <b.h>\n"), L{"<a.h>"});
  EXPECT_EQ(All("#define _POSIX_C_SOURCE 200112L\n#include <stdio.h>\n"), L{});
  EXPECT_EQ(endingAtAHeader({"#define A", "<a.h>", "#define B"}), (L{"#define A", "<a.h>"}));
  EXPECT_EQ(endingAtAHeader({"#define A"}), L{});
}

TEST(LeadingIncludes, AProjectHeaderAfterTheSystemOnesAddsItsOwnFirstHeaders) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("hostsync-leading-test", Dir));
  std::string D(Dir);
  auto Write = [&](const std::string &Name, const std::string &Text) {
    std::error_code EC;
    llvm::raw_fd_ostream(D + "/" + Name, EC) << Text;
    ASSERT_FALSE(EC);
  };
  Write("handle.h", "#pragma once\n#define NOMINMAX\n#include <memory>\n#include \"inner.h\"\n"
                    "struct Handle {};\n#include <vector>\n");
  Write("inner.h",
        "#ifndef INNER_H\n#define INNER_H\n#include <torch/extension.h>\nint f();\n#endif\n");
  using L = std::vector<std::string>;
  // Its other code ends the list: <map> comes after Handle, as <vector> does in handle.h.
  EXPECT_EQ(leadingSystemIncludesOf("#include <condition_variable>\n#include \"handle.h\"\n"
                                    "#include <map>\n",
                                    D, {}),
            (L{"<condition_variable>", "#define NOMINMAX", "<memory>", "<torch/extension.h>"}));
  llvm::sys::fs::remove_directories(D);
}

TEST(LeadingIncludes, TheCommonPrefixOfFilesIsWhatTheyAllBeginWith) {
  using L = std::vector<std::string>;
  EXPECT_EQ(commonPrefix({{"<t>", "<io>", "<v>"}, {"<t>", "<io>"}, {"<t>", "<io>", "<m>"}}),
            (L{"<t>", "<io>"}));
  EXPECT_EQ(commonPrefix({{"<t>", "<io>"}}), (L{"<t>", "<io>"}));
  EXPECT_EQ(commonPrefix({{"<t>"}, {"<v>"}}), L{});
  EXPECT_EQ(commonPrefix({}), L{});
}

TEST(LeadingIncludes, EachGroupSharesItsOwnPrefix) {
  using L = std::vector<std::string>;
  // a, b, c: one group; d: other flags; e alone in its group keeps all its headers.
  std::map<std::string, PrefixPchs::Leading> ByFile = {{"/p/a.cpp", {"g1", {"<t>", "<io>", "<v>"}}},
                                                       {"/p/b.cpp", {"g1", {"<t>", "<io>", "<m>"}}},
                                                       {"/p/c.cpp", {"g1", {"<t>", "<io>"}}},
                                                       {"/p/d.cpp", {"g2", {"<t>"}}},
                                                       {"/p/e.cpp", {"g3", {"<v>", "<m>"}}}};
  std::map<std::string, L> Shared = sharedPrefixes(ByFile);
  EXPECT_EQ(Shared["/p/a.cpp"], (L{"<t>", "<io>"}));
  EXPECT_EQ(Shared["/p/b.cpp"], (L{"<t>", "<io>"}));
  EXPECT_EQ(Shared["/p/c.cpp"], (L{"<t>", "<io>"}));
  EXPECT_EQ(Shared["/p/d.cpp"], L{"<t>"});
  EXPECT_EQ(Shared["/p/e.cpp"], (L{"<v>", "<m>"}));
  EXPECT_EQ(Shared.size(), 5u);
}

TEST(LeadingIncludes, FilesShareAPchThroughTheirFirstLibTorchHeader) {
  using L = std::vector<std::string>;
  EXPECT_EQ(groupHeaders({"#define NOMINMAX", "<stdio.h>", "<torch/extension.h>", "<cassert>"}),
            (L{"#define NOMINMAX", "<stdio.h>", "<torch/extension.h>"}));
  EXPECT_EQ(groupHeaders({"<c10/cuda/CUDAStream.h>", "<torch/extension.h>"}),
            L{"<c10/cuda/CUDAStream.h>"});
  EXPECT_EQ(groupHeaders({"<vector>", "<ATen/ATen.h>"}), (L{"<vector>", "<ATen/ATen.h>"}));
  // No LibTorch header: the first header, with the macros before it.
  EXPECT_EQ(groupHeaders({"#define NOMINMAX", "<stdio.h>", "<cassert>"}),
            (L{"#define NOMINMAX", "<stdio.h>"}));
  EXPECT_EQ(groupHeaders({"<torchvision/io.h>", "<vector>"}), L{"<torchvision/io.h>"});
  EXPECT_EQ(groupHeaders({"#define A"}), L{});
  EXPECT_EQ(groupHeaders({}), L{});
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

namespace {
// A result with every field set.
TUResult everyField() {
  TUResult R;
  R.File = "a.cpp";
  R.Errors = 2;
  R.Parsed = true;
  R.FirstError = "a.cpp:1:2: oops";
  R.MissingHeaders = {"x.h"};
  R.SourceErrors = {"a.cpp: line 3: unmatched NOLINTBEGIN"};
  Finding F;
  F.Rule = "hostsync-item";
  F.Level = Severity::Error;
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
  F.LoopRank = Rank::Periodic;
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
  F.Related = {{"/p/b.cpp", 4, 2, "the sync in `g()`: `item`"}};
  F.FunctionKey = "f(const at::Tensor &)";
  F.CallSyncs = true;
  F.SyncParams = {0, 2};
  F.Callee = "`g()`";
  F.Reaches = {"/p/b.cpp:4:2 hostsync-item"};
  F.MacroSite = "READ@m.h:3#item";
  R.Findings = {F};
  ProjectCall C;
  C.Callee = "g(const at::Tensor &)";
  C.CalleeName = "`g()`";
  C.Caller = "f(const at::Tensor &)";
  C.CallerName = "f";
  C.File = "/p/a.cpp";
  C.Line = 5;
  C.Column = 3;
  C.SourceLine = "  g(t);";
  C.LoopRank = Rank::Periodic;
  C.RankReason = "every 10 steps";
  C.Period = 10;
  ProjectCall::Argument A;
  A.Param = 1;
  A.Text = "t";
  A.Device = F.Open;
  A.Why = "`t.cuda()` at line 2";
  A.CallerParams = {0};
  C.Arguments = {A};
  C.MacroSite = "STEP@m.h:4#g";
  C.MacroNote = " (in the expansion of macro `STEP`)";
  C.Suppressed = {{"hostsync-item", "once"}};
  R.Calls = {C};
  R.Facts.Contributions = {{"ret:g", F.Open, "a.cpp:9", "returned by `h()`"}};
  R.Facts.Opaque = {{"arg:k#1", "its address is taken in k.cpp"}};
  R.Facts.Names = {{"arg:f#0", "parameter 't' of f()"}};
  R.Facts.NamesCuda = false; // not the default: a field toJson forgot would come back true
  R.Facts.MainIn = "a.cpp";
  return R;
}
} // namespace

TEST(TUResultJson, EveryFieldComesBack) {
  TUResult R = everyField();
  const Finding &F = R.Findings[0];
  TUResult Back;
  ASSERT_TRUE(fromJson(toJson(R), Back));
  EXPECT_EQ(toJson(Back), toJson(R));
  ASSERT_EQ(Back.Findings.size(), 1u);
  EXPECT_EQ(Back.Findings[0].Period, std::optional<int64_t>(10));
  EXPECT_EQ(Back.Findings[0].Open.Keys, F.Open.Keys);
  EXPECT_EQ(Back.Facts.Contributions[0].Why, "returned by `h()`");
  EXPECT_FALSE(Back.Facts.NamesCuda);
  EXPECT_EQ(Back.Facts.MainIn, "a.cpp");
  // The fields of syncs inside calls, one by one (a field toJson forgot would compare equal).
  const Finding &B = Back.Findings[0];
  ASSERT_EQ(B.Related.size(), 1u);
  EXPECT_EQ(B.Related[0].Message, F.Related[0].Message);
  EXPECT_EQ(B.Related[0].Column, 2u);
  EXPECT_EQ(B.FunctionKey, F.FunctionKey);
  EXPECT_TRUE(B.CallSyncs);
  EXPECT_EQ(B.SyncParams, F.SyncParams);
  EXPECT_EQ(B.Callee, F.Callee);
  EXPECT_EQ(B.Reaches, F.Reaches);
  EXPECT_EQ(B.MacroSite, F.MacroSite);
  ASSERT_EQ(Back.Calls.size(), 1u);
  const ProjectCall &C = R.Calls[0], &D = Back.Calls[0];
  EXPECT_EQ(std::tie(D.Callee, D.CalleeName, D.Caller, D.CallerName, D.File, D.Line, D.Column,
                     D.SourceLine, D.LoopRank, D.RankReason, D.Period, D.MacroSite, D.MacroNote,
                     D.Suppressed),
            std::tie(C.Callee, C.CalleeName, C.Caller, C.CallerName, C.File, C.Line, C.Column,
                     C.SourceLine, C.LoopRank, C.RankReason, C.Period, C.MacroSite, C.MacroNote,
                     C.Suppressed));
  ASSERT_EQ(D.Arguments.size(), 1u);
  EXPECT_EQ(std::tie(D.Arguments[0].Param, D.Arguments[0].Text, D.Arguments[0].Why,
                     D.Arguments[0].CallerParams, D.Arguments[0].Device.Keys),
            std::tie(C.Arguments[0].Param, C.Arguments[0].Text, C.Arguments[0].Why,
                     C.Arguments[0].CallerParams, C.Arguments[0].Device.Keys));
  // A cache entry written before these fields existed is not read (it is analysed again).
  nlohmann::json Old = toJson(R);
  Old.erase("calls");
  EXPECT_FALSE(fromJson(Old, Back));
}

// A comment in GBK on a finding's line, a file name in Latin-1, an edit inside a Shift-JIS
// string: the cache stores valid UTF-8 and gives back every byte (a cached rerun prints what
// the first run printed, and --fix writes what the first run would have written).
TEST(ResultCache, TextThatIsNotUtf8ComesBackByteForByte) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("hostsync-cache-test", Dir));
  ContentHashes Hashes;
  ResultCache Cache(std::string(Dir.str()), Hashes);
  TUResult R = everyField();
  R.File = "/p/caf\xe9.cpp";
  R.FirstError = "/p/caf\xe9.cpp:1:1: error";
  Finding &F = R.Findings[0];
  F.File = R.File;
  F.SourceLine = "  t.item(); // \xd6\xd0\xce\xc4";
  F.Replacements = {{R.File, 10, 4, "f(\"\x82\xa0\")"}};
  R.Facts.Names = {{"arg:/p/caf\xe9.cpp:f#0", "parameter 't' of f()"}};
  std::string Key(64, 'a');
  Cache.store(Key, R, {});
  auto Stored =
      llvm::MemoryBuffer::getFile(std::string(Dir.str()) + "/results/aa/" + Key + ".json");
  ASSERT_TRUE(bool(Stored));
  EXPECT_TRUE(hostsync::text::isValidUtf8((*Stored)->getBuffer().str()));
  TUResult Back;
  ASSERT_TRUE(Cache.load(Key, Back));
  EXPECT_EQ(Back.File, R.File);
  EXPECT_EQ(Back.FirstError, R.FirstError);
  EXPECT_EQ(Back.Findings[0].SourceLine, F.SourceLine);
  EXPECT_EQ(Back.Findings[0].Replacements[0].Text, F.Replacements[0].Text);
  EXPECT_EQ(Back.Facts.Names, R.Facts.Names);
  llvm::sys::fs::remove_directories(Dir);
}

// One file's exception is that file's failure, with the reason; the run goes on.
TEST(Runner, AFileWhoseAnalysisThrowsIsAFailedFile) {
  TUResult R = unlessItThrows(
      "a\xd6.cpp", []() -> TUResult { throw std::out_of_range("vector::_M_range_check"); });
  EXPECT_EQ(R.status(), TUResult::Status::Failed);
  EXPECT_EQ(R.File, "a\xd6.cpp");
  EXPECT_EQ(describeStatus(R), "could not be analysed (internal error: vector::_M_range_check (a "
                               "bug of hostsync-lint: please report it))");
  EXPECT_EQ(unlessItThrows("b.cpp", [] { return everyField(); }).Findings.size(), 1u);
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
