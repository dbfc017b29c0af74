// Syncs inside calls and macro expansions in the project pass (model/CallFindings.h,
// model/MacroExpansions.h): plain data in, findings out, no Clang.
#include "model/CallFindings.h"
#include "model/MacroExpansions.h"
#include "model/ProjectPass.h"

#include <gtest/gtest.h>

using namespace hostsync;

namespace {
// An op's finding in function Key: syncs on the given parameters (none: whatever they are).
Finding opFinding(const std::string &Key, unsigned Line, std::vector<unsigned> Params,
                  DeviceConfidence Device = DeviceConfidence::Cuda) {
  Finding F;
  F.Rule = "hostsync-item";
  F.File = "/p/helper.cpp";
  F.Line = Line;
  F.Column = 5;
  F.Op = "item";
  F.Device = Device;
  F.DeviceReason = "`x.cuda()` at line 2";
  F.Fix = "keep it on the GPU";
  F.FunctionKey = Key;
  F.Function = Key;
  F.CallSyncs = true;
  F.SyncParams = std::move(Params);
  return F;
}

ProjectCall call(const std::string &Callee, const std::string &Caller, unsigned Line,
                 std::vector<ProjectCall::Argument> Args = {}, Rank R = Rank::Hot) {
  ProjectCall C;
  C.Callee = Callee;
  C.CalleeName = "`" + Callee + "()`";
  C.Caller = Caller;
  C.CallerName = Caller;
  C.File = "/p/train.cpp";
  C.Line = Line;
  C.Column = 3;
  C.LoopRank = R;
  C.RankReason = "inside a loop";
  C.Arguments = std::move(Args);
  return C;
}

ProjectCall::Argument arg(unsigned Param, DeviceState Base, std::vector<unsigned> CallerParams = {},
                          std::set<std::string> Keys = {}) {
  ProjectCall::Argument A;
  A.Param = Param;
  A.Text = "x";
  A.Device.Base = Base;
  A.Device.Keys = std::move(Keys);
  A.Why = Base == DeviceState::Cuda ? "`x.cuda()` at line 9" : "";
  A.CallerParams = std::move(CallerParams);
  return A;
}

ProjectFacts solved() {
  ProjectFacts P;
  P.solve();
  return P;
}

// The project's facts with one key contributed CUDA (a return, a caller's argument).
ProjectFacts factsWithCuda(const std::string &Key) {
  ProjectFacts P;
  TUFacts T;
  OpenDevice Cuda;
  Cuda.Base = DeviceState::Cuda;
  T.Contributions.push_back({Key, Cuda, "a.cpp:1", ""});
  P.add(T);
  P.solve();
  return P;
}

std::vector<const Finding *> atCalls(const std::vector<Finding> &All) {
  std::vector<const Finding *> Out;
  for (const Finding &F : All)
    if (!F.Callee.empty())
      Out.push_back(&F);
  return Out;
}
} // namespace

TEST(CallFindings, ParameterSyncNeedsACudaArgument) {
  std::vector<Finding> All = {opFinding("h", 3, {0}, DeviceConfidence::Unknown)};
  std::vector<ProjectCall> Calls = {call("h", "train", 10, {arg(0, DeviceState::Cuda)}),
                                    call("h", "train", 11, {arg(0, DeviceState::Cpu)}),
                                    call("h", "train", 12, {arg(0, DeviceState::Unknown)}),
                                    call("h", "train", 13)}; // nothing for parameter 0
  addCallFindings(All, Calls, solved());
  auto Made = atCalls(All);
  ASSERT_EQ(Made.size(), 1u);
  EXPECT_EQ(Made[0]->Line, 10u);
  EXPECT_EQ(Made[0]->Rule, "hostsync-item");
  EXPECT_EQ(Made[0]->LoopRank, Rank::Hot);
  EXPECT_EQ(Made[0]->Device, DeviceConfidence::Cuda);
  ASSERT_EQ(Made[0]->Related.size(), 1u);
  EXPECT_EQ(Made[0]->Related[0].Line, 3u); // the sync inside the callee
  EXPECT_TRUE(Made[0]->Replacements.empty());
  // The callee's finding lists the call that reaches it.
  ASSERT_EQ(All[0].Related.size(), 1u);
  EXPECT_EQ(All[0].Related[0].Line, 10u);
}

TEST(CallFindings, ArgumentClosedByTheProjectsFacts) {
  ProjectFacts P = factsWithCuda("ret:make()");
  std::vector<Finding> All = {opFinding("h", 3, {0}, DeviceConfidence::Unknown)};
  std::vector<ProjectCall> Calls = {
      call("h", "train", 10, {arg(0, DeviceState::Cpu, {}, {"ret:make()"})})};
  addCallFindings(All, Calls, P);
  EXPECT_EQ(atCalls(All).size(), 1u);
}

TEST(CallFindings, AlwaysSyncingCalleeMakesEveryCallSync) {
  std::vector<Finding> All = {opFinding("sync_all", 3, {})};
  std::vector<ProjectCall> Calls = {call("sync_all", "train", 10), call("sync_all", "train", 11)};
  addCallFindings(All, Calls, solved());
  EXPECT_EQ(atCalls(All).size(), 2u);
  // Unknown device and no parameter deciding it: no summary, no call finding.
  std::vector<Finding> Unknown = {opFinding("f", 3, {}, DeviceConfidence::Unknown)};
  std::vector<ProjectCall> ToF = {call("f", "train", 10)};
  addCallFindings(Unknown, ToF, solved());
  EXPECT_TRUE(atCalls(Unknown).empty());
}

TEST(CallFindings, ChainsAreFollowedAndCalledOnce) {
  // train -> outer(x) -> inner(x) -> item on inner's parameter.
  std::vector<Finding> All = {opFinding("inner", 3, {0}, DeviceConfidence::Unknown)};
  std::vector<ProjectCall> Calls = {
      call("outer", "train", 20, {arg(0, DeviceState::Cuda)}),
      call("inner", "outer", 7, {arg(0, DeviceState::Unknown, {0})}, Rank::Cold),
      call("inner", "outer", 7, {arg(0, DeviceState::Unknown, {0})}, Rank::Cold), // another TU
  };
  addCallFindings(All, Calls, solved());
  // Nothing says where outer's parameter is (no facts): the inner call's argument is of
  // unknown device, which makes no finding, so outer has no summary for train's call.
  EXPECT_TRUE(atCalls(All).empty());

  // With the facts saying outer's parameter is on CUDA (train passes it), both calls sync.
  ProjectFacts P = factsWithCuda("arg:outer#0");
  std::vector<Finding> Again = {opFinding("inner", 3, {0}, DeviceConfidence::Cuda)};
  std::vector<ProjectCall> Calls2 = {
      call("outer", "train", 20, {arg(0, DeviceState::Cuda)}),
      call("inner", "outer", 7, {arg(0, DeviceState::Cpu, {0}, {"arg:outer#0"})}, Rank::Cold),
      call("inner", "outer", 7, {arg(0, DeviceState::Cpu, {0}, {"arg:outer#0"})}, Rank::Cold),
      call("outer", "outer", 8, {arg(0, DeviceState::Cuda)}), // recursion: no finding
  };
  addCallFindings(Again, Calls2, P);
  auto Made = atCalls(Again);
  ASSERT_EQ(Made.size(), 2u); // one per call, the header's duplicate record adds none
  EXPECT_EQ(Made[0]->Line, 7u);
  EXPECT_EQ(Made[1]->Line, 20u);
  EXPECT_EQ(Made[1]->LoopRank, Rank::Hot);
  EXPECT_EQ(Made[1]->Fix, Made[0]->Fix); // the innermost callee's fix, named once
}

TEST(CallFindings, SuppressedAndHostCopiesMakeNoSummary) {
  Finding Suppressed = opFinding("h", 3, {});
  Suppressed.Suppressed = true;
  Finding Upload = opFinding("u", 4, {0});
  Upload.CallSyncs = false; // a copy to CUDA
  std::vector<Finding> All = {Suppressed, Upload};
  std::vector<ProjectCall> Calls = {call("h", "train", 10),
                                    call("u", "train", 11, {arg(0, DeviceState::Cuda)})};
  addCallFindings(All, Calls, solved());
  EXPECT_TRUE(atCalls(All).empty());
  // NOLINT at the call: the call's finding is kept, suppressed.
  std::vector<Finding> More = {opFinding("h", 3, {})};
  ProjectCall C = call("h", "train", 10);
  C.Suppressed.push_back({"hostsync-item", "once per epoch"});
  addCallFindings(More, {C}, solved());
  auto Made = atCalls(More);
  ASSERT_EQ(Made.size(), 1u);
  EXPECT_TRUE(Made[0]->Suppressed);
  EXPECT_TRUE(More[0].Related.empty()); // a suppressed call is not listed on the callee
}

// The summaries reach their fixed point before any call is judged: a function that gains a
// sync whatever its arguments late (f calls g, found in a later round) still makes the
// calls of its callers sync (k -> h(cpu) -> f(y) -> g() -> CUDA item).
TEST(CallFindings, SummariesSettleBeforeCallsAreJudged) {
  std::vector<Finding> All = {opFinding("f", 3, {0}, DeviceConfidence::Cuda),
                              opFinding("g", 4, {})};
  std::vector<ProjectCall> Calls = {
      call("f", "h", 10, {arg(0, DeviceState::Cuda, {0})}, Rank::Cold), // h(y) passes y on
      call("g", "f", 11, {}, Rank::Cold),
      call("h", "k", 12, {arg(0, DeviceState::Cpu)}, Rank::Hot),
  };
  addCallFindings(All, Calls, solved());
  auto Made = atCalls(All);
  ASSERT_EQ(Made.size(), 3u);
  const Finding *K = nullptr;
  for (const Finding *F : Made)
    if (F->Line == 12)
      K = F;
  ASSERT_NE(K, nullptr); // h syncs whatever it is given: through f's call of g
  EXPECT_EQ(K->LoopRank, Rank::Hot);
  // g's own finding is reached from k's hot call: it takes that rank.
  EXPECT_EQ(All[1].LoopRank, Rank::Hot);
  EXPECT_NE(All[1].RankReason.find("reached from a call at train.cpp:12"), std::string::npos);
}

// A call in a header seen by two translation units: the hottest record speaks for it.
TEST(CallFindings, TheHottestRecordOfACallIsReported) {
  std::vector<Finding> All = {opFinding("h", 3, {})};
  std::vector<ProjectCall> Calls = {call("h", "inl", 10, {}, Rank::Cold),
                                    call("h", "inl", 10, {}, Rank::Hot)};
  addCallFindings(All, Calls, solved());
  auto Made = atCalls(All);
  ASSERT_EQ(Made.size(), 1u);
  EXPECT_EQ(Made[0]->LoopRank, Rank::Hot);
}

// Counted once: a call's finding is a note while its callee's own finding is reported, and
// keeps the rule's severity when that finding is gone (its file excluded, say).
TEST(CallFindings, ACallIsANoteWhileItsCalleesFindingIsReported) {
  std::vector<Finding> All = {opFinding("h", 3, {})};
  addCallFindings(All, {call("h", "train", 10)}, solved());
  ASSERT_EQ(All.size(), 2u);
  std::vector<Finding> Both = All;
  noteRepeatedCalls(Both);
  EXPECT_EQ(Both[1].Level, Severity::Note);
  EXPECT_EQ(Both[0].Level, Severity::Warning);
  std::vector<Finding> CallOnly = {All[1]};
  noteRepeatedCalls(CallOnly);
  EXPECT_EQ(CallOnly[0].Level, Severity::Warning);
}

TEST(MacroExpansions, OneDefinitionIsOneFinding) {
  auto Expansion = [](unsigned Line, Rank R, const std::string &Site) {
    Finding F = opFinding("f", Line, {});
    F.LoopRank = R;
    F.MacroSite = Site;
    return F;
  };
  std::vector<Finding> All = {
      Expansion(10, Rank::Cold, "READ@m.h:1#item"), Expansion(20, Rank::Hot, "READ@m.h:1#item"),
      Expansion(30, Rank::Cold, "READ@m.h:1#item"), Expansion(40, Rank::Cold, "OTHER@m.h:2#item"),
      opFinding("f", 50, {})};
  All[2].Suppressed = true; // a NOLINT'd expansion stays apart
  All[0].Related = {{"/p/train.cpp", 7, 1, "reached from this call in train (cold: ...)"}};
  All[0].Reaches = {"/p/x.cpp:1:1 hostsync-item"};
  groupMacroExpansions(All);
  ASSERT_EQ(All.size(), 4u);
  EXPECT_EQ(All[0].Line, 20u); // the hottest expansion is kept
  ASSERT_EQ(All[0].Related.size(), 2u);
  EXPECT_EQ(All[0].Related[0].Line, 10u);
  EXPECT_EQ(All[0].Related[1].Line, 7u); // what pointed at the dropped expansion
  EXPECT_EQ(All[0].Reaches, std::vector<std::string>{"/p/x.cpp:1:1 hostsync-item"});
  EXPECT_EQ(All[1].Line, 30u);
  EXPECT_EQ(All[2].Line, 40u);
  EXPECT_EQ(All[3].Line, 50u);
}

// An expansion on the CPU (--report-cpu) is not a sync: it leads no group and stays a note.
TEST(MacroExpansions, CpuExpansionsStayApart) {
  Finding Hot = opFinding("f", 10, {});
  Hot.LoopRank = Rank::Hot;
  Hot.Device = DeviceConfidence::Cpu;
  Hot.MacroSite = "READ@m.h:1#item";
  Finding Cold = opFinding("f", 20, {});
  Cold.MacroSite = Hot.MacroSite;
  std::vector<Finding> All = {Hot, Cold};
  groupMacroExpansions(All);
  EXPECT_EQ(All.size(), 2u);
}

// A note read from the text of code one TU did not analyse (parse/UnanalysedSyncs.h) is
// dropped where another TU analysed that line (a header's template instantiated there),
// whatever its rule; elsewhere it stays.
TEST(ProjectPass, NotesReadFromTextGiveWayToAnalysedFindings) {
  TUResult Analysed, Unanalysed;
  Finding Real = opFinding("", 12, {});
  Real.Rule = "hostsync-thrust-sync-policy";
  Analysed.Findings.push_back(Real);
  Finding OnSameLine = opFinding("", 12, {});
  OnSameLine.Rule = "hostsync-thrust-host-result";
  OnSameLine.Column = 9;
  OnSameLine.ReadFromText = true;
  Finding Alone = opFinding("", 30, {});
  Alone.ReadFromText = true;
  Unanalysed.Findings = {OnSameLine, Alone};
  std::vector<Finding> All = mergeFindings({Unanalysed, Analysed});
  ASSERT_EQ(All.size(), 2u);
  EXPECT_EQ(All[0].Line, 12u);
  EXPECT_FALSE(All[0].ReadFromText);
  EXPECT_EQ(All[1].Line, 30u);
  EXPECT_TRUE(All[1].ReadFromText);
}
