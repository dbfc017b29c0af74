// The project pass of device facts (analyzer/model/DeviceFacts.h): keys solved as the least
// fixed point over every TU's contributions; never "cpu" without every contribution seen.
#include "model/DeviceFacts.h"

#include <gtest/gtest.h>

using namespace hostsync;

namespace {
OpenDevice value(DeviceState Base, std::set<std::string> Keys = {}) {
  OpenDevice D;
  D.Base = Base;
  D.Keys = std::move(Keys);
  return D;
}

Contribution give(const std::string &Key, OpenDevice V, const std::string &Where = "a.cpp:1") {
  return {Key, std::move(V), Where};
}

DeviceState closed(const ProjectFacts &P, OpenDevice D) { return P.close(D, "local").State; }
} // namespace

TEST(DeviceFacts, CombineKeepsTheLargerState) {
  EXPECT_EQ(combine(DeviceState::Cpu, DeviceState::Unknown), DeviceState::Unknown);
  EXPECT_EQ(combine(DeviceState::Cuda, DeviceState::Unknown), DeviceState::Cuda);
  EXPECT_EQ(combine(DeviceState::Cpu, DeviceState::Cpu), DeviceState::Cpu);
}

// The keys every translation unit must spell alike (model/FactKeys.h).
TEST(DeviceFacts, FactKeysAreSpelledFromNamesAndTypes) {
  EXPECT_EQ(factkey::returnKey("ns::load(int)"), "ret:ns::load(int)");
  EXPECT_EQ(factkey::argumentKey("ns::load(int)", 0), "arg:ns::load(int)#0");
  EXPECT_EQ(factkey::fillKey("ns::fill(std::vector<at::Tensor> &)", 1),
            "fill:ns::fill(std::vector<at::Tensor> &)#1");
  EXPECT_EQ(factkey::fieldKey("ns::Net", "w"), "field:ns::Net::w");
  EXPECT_EQ(factkey::moduleKey("ns::Net"), "module:ns::Net");
  EXPECT_TRUE(factkey::isArgumentKey(factkey::argumentKey("f()", 0)));
  EXPECT_TRUE(factkey::isReturnKey(factkey::returnKey("f()")));
  EXPECT_TRUE(isEvidenceKey(factkey::moduleKey("Net")));
  EXPECT_FALSE(isEvidenceKey(factkey::fieldKey("Net", "w")));
}

TEST(DeviceFacts, ParameterTakesWhatEveryCallerPasses) {
  TUFacts A, B;
  A.Contributions.push_back(give("arg:f#0", value(DeviceState::Cpu)));
  B.Contributions.push_back(give("arg:f#0", value(DeviceState::Cuda), "b.cpp:7"));
  ProjectFacts OnlyA;
  OnlyA.add(A);
  OnlyA.solve();
  EXPECT_EQ(closed(OnlyA, value(DeviceState::Cpu, {"arg:f#0"})), DeviceState::Cpu);
  ProjectFacts Both;
  Both.add(A);
  Both.add(B);
  Both.solve();
  ClosedDevice C = Both.close(value(DeviceState::Cpu, {"arg:f#0"}), "local");
  EXPECT_EQ(C.State, DeviceState::Cuda);
  EXPECT_NE(C.Reason.find("b.cpp:7"), std::string::npos) << C.Reason;
}

TEST(DeviceFacts, NoContributionOrOpaqueIsUnknown) {
  TUFacts A;
  A.Contributions.push_back(give("arg:g#0", value(DeviceState::Cpu)));
  A.Opaque.emplace("arg:g#0", "its address is taken in a.cpp");
  A.Names["arg:h#0"] = "parameter `t` of `h()`";
  ProjectFacts P;
  P.add(A);
  P.solve();
  EXPECT_EQ(closed(P, value(DeviceState::Cpu, {"arg:g#0"})), DeviceState::Unknown);
  EXPECT_EQ(P.close(value(DeviceState::Cpu, {"arg:g#0"}), "local").Reason,
            "arg:g#0: code out of view may call the function (its address is taken in a.cpp)");
  ClosedDevice H = P.close(value(DeviceState::Cpu, {"arg:h#0"}), "local");
  EXPECT_EQ(H.State, DeviceState::Unknown);
  EXPECT_EQ(H.Reason, "parameter `t` of `h()`: no call in the analysed code passes it a value");
  // The TU's own unknown part stays unknown whatever the keys say.
  EXPECT_EQ(closed(P, value(DeviceState::Unknown)), DeviceState::Unknown);
}

TEST(DeviceFacts, RecursionIsTheLeastFixedPoint) {
  // f passes its parameter to g, g to f, and main passes a CPU tensor to f: both are on
  // the CPU (a cycle adds nothing by itself).
  TUFacts A;
  A.Contributions.push_back(give("arg:f#0", value(DeviceState::Cpu)));
  A.Contributions.push_back(give("arg:g#0", value(DeviceState::Cpu, {"arg:f#0"})));
  A.Contributions.push_back(give("arg:f#0", value(DeviceState::Cpu, {"arg:g#0"})));
  ProjectFacts P;
  P.add(A);
  P.solve();
  EXPECT_EQ(closed(P, value(DeviceState::Cpu, {"arg:g#0"})), DeviceState::Cpu);
  // One CUDA caller anywhere on the cycle reaches both.
  TUFacts B;
  B.Contributions.push_back(give("arg:g#0", value(DeviceState::Cuda)));
  P.add(B);
  P.solve();
  EXPECT_EQ(closed(P, value(DeviceState::Cpu, {"arg:f#0"})), DeviceState::Cuda);
}

TEST(DeviceFacts, ChainsThroughReturnsAndMembers) {
  TUFacts A;
  A.Contributions.push_back(give("ret:load", value(DeviceState::Cpu, {"field:Data::t"})));
  A.Contributions.push_back(give("field:Data::t", value(DeviceState::Unknown)));
  ProjectFacts P;
  P.add(A);
  P.solve();
  EXPECT_EQ(closed(P, value(DeviceState::Cpu, {"ret:load"})), DeviceState::Unknown);
}

TEST(DeviceFacts, CpuReasonNamesEveryKey) {
  TUFacts A;
  A.Contributions.push_back(give("arg:f#0", value(DeviceState::Cpu)));
  A.Contributions.push_back(give("arg:f#0", value(DeviceState::Cpu)));
  A.Names["arg:f#0"] = "parameter `t` of `f()`";
  ProjectFacts P;
  P.add(A);
  P.solve();
  ClosedDevice C = P.close(value(DeviceState::Cpu, {"arg:f#0"}), "local");
  EXPECT_EQ(C.State, DeviceState::Cpu);
  EXPECT_EQ(C.Reason,
            "parameter `t` of `f()` is on the CPU wherever the project calls it (2 places)");
  // Decided in the TU itself: its own reason.
  EXPECT_EQ(P.close(value(DeviceState::Cuda), "`x.cuda()` at line 3").Reason,
            "`x.cuda()` at line 3");
}

TEST(DeviceFacts, ModuleMovesAreEvidenceOnly) {
  // Nothing moves Net's modules: its key is the CPU, not unknown, so a tensor of its own
  // known device keeps it.
  ProjectFacts None;
  None.solve();
  EXPECT_EQ(closed(None, value(DeviceState::Cpu, {"module:Net"})), DeviceState::Cpu);
  // A move to a device the analysis cannot tell is no evidence either.
  TUFacts A;
  A.Contributions.push_back(give("module:Net", value(DeviceState::Unknown)));
  ProjectFacts Unclear;
  Unclear.add(A);
  Unclear.solve();
  EXPECT_EQ(closed(Unclear, value(DeviceState::Cpu, {"module:Net"})), DeviceState::Cpu);
  // A move to CUDA reaches the modules it holds (module:Stats follows module:Net), and
  // raises an unknown tensor of them to CUDA.
  TUFacts B;
  B.Contributions.push_back(
      give("module:Stats", value(DeviceState::Cpu, {"module:Net"}), "net.h:9"));
  B.Contributions.push_back(give("module:Net", value(DeviceState::Cuda), "main.cpp:31"));
  B.Names["module:Stats"] = "`Stats` modules";
  ProjectFacts Moved;
  Moved.add(A);
  Moved.add(B);
  Moved.solve();
  ClosedDevice S = Moved.close(value(DeviceState::Unknown, {"module:Stats"}), "local");
  EXPECT_EQ(S.State, DeviceState::Cuda);
  EXPECT_EQ(S.Reason, "`Stats` modules are moved to CUDA: with its owner, net.h:9");
}

// A CPU-only project (analysis/ProgramEvidence.h): no TU names CUDA and one defines main().
TEST(DeviceFacts, CpuOnlyProgramNeedsMainAndNoCuda) {
  TUFacts Helper, Main, Gpu;
  Helper.NamesCuda = false;
  Main.NamesCuda = false;
  Main.MainIn = "main.cpp";
  Gpu.NamesCuda = true;
  ProjectFacts NoMain;
  NoMain.add(Helper);
  EXPECT_EQ(NoMain.cpuOnlyProgram(), "");
  ProjectFacts Cpu;
  Cpu.add(Helper);
  Cpu.add(Main);
  EXPECT_EQ(Cpu.cpuOnlyProgram(),
            "no analysed file names a CUDA device, and main.cpp defines main()");
  Cpu.add(Gpu);
  EXPECT_EQ(Cpu.cpuOnlyProgram(), "");
}
