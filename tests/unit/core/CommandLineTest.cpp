// The command line reader of the linter's core (analyzer/support/CommandLine.h): what
// llvm::cl read before it, read alike (docs/lint.md, first section).
#include "support/CommandLine.h"

#include "../ScratchDir.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

using namespace hostsync::cli;

namespace {
Program sample() {
  Program P;
  P.Name = "tool";
  P.Overview = "Does things.";
  P.Positional = "<file>...";
  P.Version = "tool 1.0";
  P.Epilogue = "\nEXAMPLES:\n  tool x\n";
  P.Options = {{"color", "Output", "auto|never", "Colours\nsecond line", Takes::Value},
               {"quiet", "Output", "", "No summary"},
               {"q", "Output", "", "", Takes::Nothing, "quiet"},
               {"extra-arg", "Inputs", "flag", "A flag", Takes::Values},
               {"j", "Inputs", "n", "Jobs", Takes::Prefix},
               {"p", "Inputs", "dir", "Build dir", Takes::Value}};
  return P;
}

Outcome run(std::vector<std::string> Args, Parsed &Out, std::string &Error,
            std::string *Printed = nullptr) {
  std::ostringstream Stdout;
  Outcome O = parse(sample(), Args, Out, Error, Stdout);
  if (Printed)
    *Printed = Stdout.str();
  return O;
}
} // namespace

TEST(CommandLine, ValuesFlagsPrefixAndPositionals) {
  Parsed L;
  std::string E;
  ASSERT_EQ(run({"a.cpp", "--color", "never", "-q", "-j8", "--extra-arg=-DX", "-extra-arg", "-DY",
                 "-p=build", "-", "b.cpp"},
                L, E),
            Outcome::Run)
      << E;
  EXPECT_EQ(L.Positional, (std::vector<std::string>{"a.cpp", "-", "b.cpp"}));
  EXPECT_EQ(L.last("color"), "never");
  EXPECT_TRUE(L.flag("quiet")); // through its alias
  EXPECT_EQ(L.last("j"), "8");
  EXPECT_EQ(L.all("extra-arg"), (std::vector<std::string>{"-DX", "-DY"}));
  EXPECT_EQ(L.last("p"), "build");
  EXPECT_FALSE(L.has("missing"));
}

TEST(CommandLine, ErrorsAreOneLineWithASuggestion) {
  Parsed L;
  std::string E;
  EXPECT_EQ(run({"--colr=never"}, L, E), Outcome::Error);
  EXPECT_EQ(E, "Unknown command line argument '--colr=never'. Did you mean '--color=never'? "
               "(see --help)");
  EXPECT_EQ(run({"--print-after-all"}, L, E), Outcome::Error);
  EXPECT_EQ(E, "Unknown command line argument '--print-after-all'. (see --help)");
  EXPECT_EQ(run({"x", "-p"}, L, E), Outcome::Error);
  EXPECT_EQ(E, "-p needs a value (see --help)");
  EXPECT_EQ(run({"--quiet=3"}, L, E), Outcome::Error);
  EXPECT_EQ(E, "--quiet takes no value, or true or false, not '3'");
  EXPECT_EQ(run({"@/nonexistent/args.rsp"}, L, E), Outcome::Error);
  EXPECT_EQ(E.rfind("cannot read the response file '/nonexistent/args.rsp': ", 0), 0u) << E;
}

TEST(CommandLine, ResponseFilesAreReadInPlace) {
  std::string Path = hostsync::test::scratchDir() + "commandline-test.rsp";
  std::ofstream(Path) << "--color 'never mind' \"b c.cpp\"\n  d\\ e.cpp -q";
  Parsed L;
  std::string E;
  ASSERT_EQ(run({"a.cpp", "@" + Path, "z.cpp"}, L, E), Outcome::Run) << E;
  EXPECT_EQ(L.last("color"), "never mind");
  EXPECT_EQ(L.Positional, (std::vector<std::string>{"a.cpp", "b c.cpp", "d e.cpp", "z.cpp"}));
  EXPECT_TRUE(L.flag("quiet"));
  // A file that names itself is an error, not a loop.
  std::ofstream(Path) << "@" << Path;
  EXPECT_EQ(run({"@" + Path}, L, E), Outcome::Error);
  EXPECT_NE(E.find("more than 100 response files"), std::string::npos) << E;
  std::remove(Path.c_str());
}

TEST(CommandLine, HelpByGroupAndVersion) {
  Parsed L;
  std::string E, Out;
  ASSERT_EQ(run({"x", "--help"}, L, E, &Out), Outcome::Printed);
  EXPECT_EQ(Out.rfind("OVERVIEW: Does things.\n\nUSAGE: tool [options] <file>...\n", 0), 0u);
  // Groups in order of name, options in order of name, continuation lines indented.
  size_t Generic = Out.find("\nGeneric Options:\n"), Inputs = Out.find("\nInputs:\n"),
         Output = Out.find("\nOutput:\n");
  EXPECT_LT(Generic, Inputs);
  EXPECT_LT(Inputs, Output);
  EXPECT_LT(Out.find("  --extra-arg=<flag>"), Out.find("  -j <n>"));
  EXPECT_NE(Out.find("  --color=<auto|never>"), std::string::npos);
  EXPECT_NE(Out.find("- Colours\n                "), std::string::npos) << Out;
  EXPECT_NE(Out.find("  -q "), std::string::npos);
  EXPECT_NE(Out.find("- Alias for --quiet"), std::string::npos);
  EXPECT_NE(Out.find("\nEXAMPLES:\n  tool x\n"), std::string::npos);
  ASSERT_EQ(run({"--version", "--colr"}, L, E, &Out), Outcome::Printed);
  EXPECT_EQ(Out, "tool 1.0\n");
  ASSERT_EQ(run({"--help-list"}, L, E, &Out), Outcome::Printed);
  EXPECT_EQ(Out.find("Inputs:"), std::string::npos); // one list, no groups
  EXPECT_LT(Out.find("  --color"), Out.find("  --quiet"));
}

TEST(CommandLine, EditDistance) {
  EXPECT_EQ(editDistance("colr", "color"), 1u);
  EXPECT_EQ(editDistance("", "abc"), 3u);
  EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
}
