// The LibTorch link (profiler/autograd/AutogradLink.h) on a CPU LibTorch: inside a backward
// node, the node and the forward op that created it (by autograd's sequence number), with the
// forward op's Python frames as the tracer's locate callback gave them, or its native stack once
// its name is watched. A RecordFunction callback of the test's own stands where the tracer's sync
// callback would run: inside an op that the backward node runs.
#include "autograd/AutogradLink.h"

#include <ATen/record_function.h>
#include <torch/torch.h>

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

// What an op run inside a backward node saw.
struct Seen {
  std::string node, forward;
  int64_t seq = -1;
  int python = 0, pcs = 0;
  uint64_t first_ref = 0;
  std::vector<uint64_t> pc;
};
std::vector<Seen> g_seen;

std::unique_ptr<at::ObserverContext> insideBackward(const at::RecordFunction &) {
  HostsyncBackwardNode node;
  if (!hostsync_autograd_backward_node(&node))
    return nullptr;
  Seen s;
  s.node = node.name;
  s.seq = node.seq;
  HostsyncForwardOp op;
  if (hostsync_autograd_forward_of(node.forward_thread, node.seq, &op)) {
    s.forward = op.name;
    s.python = op.python;
    s.pcs = op.pcs;
    s.first_ref = op.python ? op.python_refs[0] : 0;
    s.pc.assign(op.pc, op.pc + op.pcs);
  }
  g_seen.push_back(s);
  return nullptr;
}

// The tracer's locate, for the test: one "frame" (code object 0xC0DE, offset 42) while
// g_python says the program runs Python, none otherwise (a LibTorch C++ program).
bool g_python = true;
int fakeLocate(uint64_t *refs, int max) {
  if (max < 1 || !g_python)
    return 0;
  refs[0] = 0xC0DE;
  refs[1] = 42;
  return 1;
}

} // namespace

// The forward line under test: a boolean-mask index, whose backward is IndexBackward0. Outside
// the unnamed namespace: dladdr names only exported functions.
__attribute__((noinline)) torch::Tensor maskedForward(const torch::Tensor &x) {
  return x.index({x > 0});
}

namespace {
void step() {
  auto x = torch::arange(-4.0, 4.0).requires_grad_(true);
  maskedForward(x).sum().backward();
}

// The link started, and the test's own observer where the tracer's sync callback would run:
// once per process (ctest runs each test in a process of its own).
void observe() {
  static bool once = [] {
    hostsync_autograd_start(fakeLocate);
    at::addGlobalCallback(
        at::RecordFunctionCallback(insideBackward).scopes({at::RecordScope::FUNCTION}));
    return true;
  }();
  (void)once;
}

const Seen *indexBackward() {
  for (const Seen &s : g_seen)
    if (s.node.rfind("IndexBackward", 0) == 0)
      return &s;
  return nullptr;
}

} // namespace

TEST(AutogradLink, ABackwardNodeNamesItsForwardOpWithItsFrames) {
  EXPECT_EQ(hostsync_autograd_start(fakeLocate), 1);
  observe();
  // Not recording forward ops yet (this process's first test): the node is known, its
  // forward op is not.
  g_seen.clear();
  step();
  const Seen *s = indexBackward();
  ASSERT_NE(s, nullptr);
  EXPECT_GE(s->seq, 0);
  EXPECT_EQ(s->forward, "");
  // Recording: the same step's backward names aten::index and the frames located with it.
  hostsync_autograd_record_forward();
  g_seen.clear();
  step();
  s = indexBackward();
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->forward, "aten::index");
  EXPECT_EQ(s->python, 1);
  EXPECT_EQ(s->first_ref, 0xC0DEu);
  EXPECT_EQ(s->pcs, 0); // Python frames stand for the stack
  // Nothing outside a backward node is in one.
  HostsyncBackwardNode none;
  EXPECT_EQ(hostsync_autograd_backward_node(&none), 0);
  EXPECT_STREQ(hostsync_autograd_torch_version(), TORCH_VERSION);
}

TEST(AutogradLink, AWatchedOpKeepsItsNativeStackWhereThereIsNoPython) {
  observe();
  hostsync_autograd_record_forward();
  g_python = false;
  // Not watched yet: the forward op is known by name, with no frame of any kind.
  g_seen.clear();
  step();
  const Seen *s = indexBackward();
  ASSERT_NE(s, nullptr);
  ASSERT_EQ(s->forward, "aten::index");
  EXPECT_EQ(s->python, 0);
  EXPECT_EQ(s->pcs, 0);
  // Watched: its native stack runs through the forward line's function.
  hostsync_autograd_watch("aten::index");
  g_seen.clear();
  step();
  s = indexBackward();
  ASSERT_NE(s, nullptr);
  ASSERT_GT(s->pcs, 0);
  bool throughForward = false;
  for (uint64_t pc : s->pc) {
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(pc), &info) && info.dli_sname &&
        std::string(info.dli_sname).find("maskedForward") != std::string::npos)
      throughForward = true;
  }
  EXPECT_TRUE(throughForward);
  g_python = true;
}
