// A walk's inputs (analyzer/python/PythonCalls.h, WalkInputs): what it reads of what the
// file's calls pass its functions and what they return, and whether a walk read only what
// it ended with (then it is the last one: a walk binding that would repeat it).
#include "python/PythonCalls.h"
#include "python/PythonRanks.h"
#include "python/PythonSource.h"
#include "python/PythonValues.h"

#include <gtest/gtest.h>

#include <functional>

using namespace hostsync::python;

namespace {
// train(x) defined first, then the module's call of it (a CPU tensor), a second call, and
// what train returns.
const char *Text = "import torch\n"
                   "def train(x):\n"
                   "    return x\n"
                   "train(torch.ones(2))\n"
                   "train(torch.zeros(2))\n";

struct File {
  PythonSource Source = PythonSource::parse(Text);
  TSNode Root = ts_tree_root_node(Source.tree());
  Values V{Source.text()};
  Ranks R{Root, V};
  Scope Module;
  TSNode Def = R.freeFunctions().at(0);
  // The module's calls of train, in the file's order.
  std::vector<TSNode> Calls() const {
    std::vector<TSNode> Out;
    for (uint32_t I = 0; I < ts_node_named_child_count(Root); ++I)
      if (TSNode S = ts_node_named_child(Root, I);
          std::string(ts_node_type(S)) == "expression_statement")
        Out.push_back(ts_node_named_child(S, 0));
    return Out;
  }
  Value Returned() const {
    Value X;
    X.K = Kind::Tensor;
    X.Where = Place::Cpu;
    return X;
  }
};
} // namespace

// Callers walked before the function: it is bound with what they passed, and nothing read
// changed after: the walk is the last.
TEST(WalkInputs, ACalleeWalkedAfterEveryCallReadsItsCallsAndIsFinal) {
  File F;
  CallArguments Before, Now;
  WalkInputs Read(Before, Now);
  for (TSNode Call : F.Calls())
    Now.record(Call, F.Module, F.V, F.R);
  Scope Local;
  Read.bind(F.Def, Local, F.V);
  ASSERT_TRUE(Local.Names.count("x"));
  EXPECT_EQ(Local.Names["x"].Where, Place::Cpu);
  EXPECT_TRUE(Read.readWhatItEndedWith(sameValue));
}

// Bound before a call recorded more: the walk read less than it ended with.
TEST(WalkInputs, ACallAfterTheBindIsNotFinal) {
  File F;
  CallArguments Before, Now;
  WalkInputs Read(Before, Now);
  std::vector<TSNode> Calls = F.Calls();
  Now.record(Calls[0], F.Module, F.V, F.R);
  Scope Local;
  Read.bind(F.Def, Local, F.V);
  Now.record(Calls[1], F.Module, F.V, F.R);
  EXPECT_FALSE(Read.readWhatItEndedWith(sameValue));
}

// A return read before the function was walked, then recorded: not final. Read after: final.
TEST(WalkInputs, AReturnReadBeforeItIsRecordedIsNotFinal) {
  File F;
  CallArguments Before, Now;
  {
    WalkInputs Read(Before, Now);
    EXPECT_EQ(Read.returned(F.Def), nullptr);
    Now.recordReturn(F.Def, F.Returned());
    EXPECT_FALSE(Read.readWhatItEndedWith(sameValue));
  }
  WalkInputs Again(Before, Now);
  ASSERT_NE(Again.returned(F.Def), nullptr);
  EXPECT_TRUE(Again.readWhatItEndedWith(sameValue));
}

// What the previous walk saw is read first: final when this walk ends with the same, not
// when it ends with more.
TEST(WalkInputs, ThePreviousWalksCallsAreReadAndComparedWithTheEnd) {
  File F;
  std::vector<TSNode> Calls = F.Calls();
  CallArguments Before;
  Before.record(Calls[0], F.Module, F.V, F.R);
  auto Walk = [&](const std::function<void(CallArguments &)> &Record) {
    CallArguments Now;
    WalkInputs Read(Before, Now);
    Scope Local;
    Read.bind(F.Def, Local, F.V);
    Record(Now);
    return Read.readWhatItEndedWith(sameValue);
  };
  EXPECT_TRUE(Walk([&](CallArguments &Now) { Now.record(Calls[0], F.Module, F.V, F.R); }));
  EXPECT_FALSE(Walk([&](CallArguments &Now) {
    Now.record(Calls[0], F.Module, F.V, F.R);
    Now.record(Calls[1], F.Module, F.V, F.R);
  }));
}
