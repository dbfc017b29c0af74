// The Python front end's rules (analyzer/python/PythonLint.h) on real tree-sitter: what the
// lit tests in tests/lit/python/ cannot reach from the command line.
#include "python/PythonLint.h"

#include "rules/Catalog.h"

#include <gtest/gtest.h>

using namespace hostsync;
using namespace hostsync::python;

namespace {
LintSettings everyRule() {
  LintSettings S;
  for (const RuleInfo &R : Catalog::embedded().rules())
    S.EnabledRules.insert(R.Id);
  return S;
}

std::string summary(const TUResult &R) {
  std::string Out;
  for (const Finding &F : R.Findings)
    Out += std::to_string(F.Line) + ":" + std::to_string(F.Column) + " " + F.Rule + " " +
           confidenceName(F.Device) + " " + rankName(F.LoopRank) + "\n";
  return Out;
}
} // namespace

// 200,000 nested brackets parse (tree-sitter), but are not walked: one line, no crash.
TEST(PythonLint, DeepNestingIsNotAnalysed) {
  std::string Text = "x = " + std::string(200000, '[') + std::string(200000, ']') + "\n";
  TUResult R = lintPythonText("/deep.py", Text, everyRule());
  EXPECT_TRUE(R.Failed);
  EXPECT_NE(R.FirstError.find("/deep.py:1:1: nested"), std::string::npos) << R.FirstError;
  EXPECT_TRUE(R.Findings.empty());
}

// Only the rules enabled make findings.
TEST(PythonLint, OnlyEnabledRules) {
  std::string Text = "import torch\nx = torch.ones(2, device='cuda')\na = x.item()\n"
                     "b = x.nonzero()\n";
  EXPECT_EQ(summary(lintPythonText("/r.py", Text, everyRule())),
            "3:7 hostsync-item cuda cold\n4:7 hostsync-nonzero cuda cold\n");
  LintSettings Nonzero;
  Nonzero.EnabledRules = {"hostsync-nonzero"};
  EXPECT_EQ(summary(lintPythonText("/r.py", Text, Nonzero)), "4:7 hostsync-nonzero cuda cold\n");
}

// The order statements run in: a name holds what was last assigned to it.
TEST(PythonLint, ReassignmentMovesTheValue) {
  std::string Text = "import torch\n"
                     "x = torch.ones(2)\n"
                     "a = x.item()\n"     // on the CPU here
                     "x = x.to('cuda')\n" // a host-to-device copy
                     "b = x.item()\n"     // on CUDA now
                     "x = x.cpu()\n"      // back: a copy
                     "c = x.item()\n";    // on the CPU again
  EXPECT_EQ(summary(lintPythonText("/m.py", Text, everyRule())),
            "3:7 hostsync-item cpu cold\n4:7 hostsync-host-to-device-copy cuda cold\n"
            "5:7 hostsync-item cuda cold\n6:7 hostsync-device-to-host-copy cuda cold\n"
            "7:7 hostsync-item cpu cold\n");
}

// --assume-device decides what an unknown tensor is, as for C++.
TEST(PythonLint, AssumedDevice) {
  LintSettings S = everyRule();
  S.Assume = AssumeDevice::Cuda;
  TUResult R = lintPythonText("/a.py", "def f(t):\n    return t.item()\n", S);
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_EQ(R.Findings[0].Device, DeviceConfidence::Unknown);
  EXPECT_EQ(R.Findings[0].WhenUnknown, DeviceConfidence::Assumed);
  EXPECT_EQ(R.Findings[0].WhenUnknownReason, "assumed by --assume-device=cuda");
}
