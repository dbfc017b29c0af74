// What the walks ask of a tree's nodes (analyzer/python/PythonNodes.h): with a NodeMemo
// current, namedChildren(), field() and is() answer what tree-sitter answers, for every node
// of a real-looking file, asked once and asked again; the memo in force is the innermost
// one; and the symbol kept of the last node tested answers for that node only.
#include "python/PythonNodes.h"
#include "python/PythonSource.h"
#include "python/PythonValues.h"

#include <gtest/gtest.h>

#include <tree_sitter/api.h>

#include <cstring>
#include <string>
#include <vector>

using namespace hostsync::python;

namespace {
const char *const Program = "import torch\n"
                            "from torch import nn\n"
                            "\n"
                            "class Net(nn.Module):\n"
                            "    @staticmethod\n"
                            "    def make(n):\n"
                            "        return [torch.ones(i) for i in range(n) if i % 2 == 0]\n"
                            "\n"
                            "    def forward(self, x, *, scale=1.0):\n"
                            "        y = x.relu() * scale\n"
                            "        if y.sum() > 0:\n"
                            "            return y[y > 0]\n"
                            "        elif scale:\n"
                            "            return (lambda t: t.cpu())(y)\n"
                            "        else:\n"
                            "            return y\n"
                            "\n"
                            "def train(model, loader, device='cuda'):\n"
                            "    for step, (x, t) in enumerate(loader):\n"
                            "        with torch.no_grad():\n"
                            "            out = model(x.to(device, non_blocking=True))\n"
                            "        print(f'{step}: {out.mean().item():.3f}', t.shape[0])\n";

// Every named node of the tree, in pre-order.
std::vector<TSNode> everyNode(TSNode Root) {
  std::vector<TSNode> Out, Todo{Root};
  while (!Todo.empty()) {
    TSNode N = Todo.back();
    Todo.pop_back();
    Out.push_back(N);
    for (uint32_t I = ts_node_named_child_count(N); I-- > 0;)
      Todo.push_back(ts_node_named_child(N, I));
  }
  return Out;
}

std::vector<TSNode> children(TSNode N) {
  NamedChildren C(N);
  return {C.begin(), C.end()};
}

// Each field the front end asks for, by the literal it uses.
std::vector<TSNode> fields(TSNode N) {
  return {field(N, "name"),         field(N, "body"),        field(N, "function"),
          field(N, "arguments"),    field(N, "object"),      field(N, "attribute"),
          field(N, "left"),         field(N, "right"),       field(N, "condition"),
          field(N, "consequence"),  field(N, "alternative"), field(N, "value"),
          field(N, "superclasses"), field(N, "parameters"),  field(N, "module_name")};
}

bool same(const std::vector<TSNode> &A, const std::vector<TSNode> &B) {
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I)
    if (ts_node_is_null(A[I]) != ts_node_is_null(B[I]) ||
        (!ts_node_is_null(A[I]) && !ts_node_eq(A[I], B[I])))
      return false;
  return true;
}
} // namespace

TEST(NodeMemo, AnswersWhatTreeSitterAnswersForEveryNode) {
  PythonSource S = PythonSource::parse(Program);
  ASSERT_FALSE(S.problem());
  std::vector<TSNode> Nodes = everyNode(ts_tree_root_node(S.tree()));
  ASSERT_GT(Nodes.size(), 100u);
  ASSERT_EQ(NodeMemo::current(), nullptr);
  std::vector<std::vector<TSNode>> Children, Fields;
  for (TSNode N : Nodes) { // no memo: tree-sitter itself
    Children.push_back(children(N));
    Fields.push_back(fields(N));
  }
  NodeMemo Memo(std::strlen(Program));
  ASSERT_EQ(NodeMemo::current(), &Memo);
  for (int Round = 0; Round < 2; ++Round) // filled, then read back
    for (size_t I = 0; I < Nodes.size(); ++I) {
      EXPECT_TRUE(same(children(Nodes[I]), Children[I])) << ts_node_type(Nodes[I]);
      EXPECT_TRUE(same(fields(Nodes[I]), Fields[I])) << ts_node_type(Nodes[I]);
    }
}

TEST(NodeMemo, TheInnermostMemoIsCurrentUntilItEnds) {
  EXPECT_EQ(NodeMemo::current(), nullptr);
  {
    NodeMemo Outer(10);
    {
      NodeMemo Inner(10);
      EXPECT_EQ(NodeMemo::current(), &Inner);
    }
    EXPECT_EQ(NodeMemo::current(), &Outer);
  }
  EXPECT_EQ(NodeMemo::current(), nullptr);
}

// is() keeps the symbol of the last node it tested: a node of a tree parsed after it, or of
// another tree alive beside it, is tested on its own symbol.
TEST(NodeMemo, TheLastSymbolIsNoOtherTreesAnswer) {
  PythonSource A = PythonSource::parse("x = f(1)\n");
  TSNode Call = ts_node_named_child(
      ts_node_named_child(ts_node_named_child(ts_tree_root_node(A.tree()), 0), 0), 1);
  ASSERT_STREQ(ts_node_type(Call), "call");
  EXPECT_TRUE(is(Call, "call"));
  PythonSource B = PythonSource::parse("class C:\n    pass\n");
  TSNode Class = ts_node_named_child(ts_tree_root_node(B.tree()), 0);
  EXPECT_FALSE(is(Class, "call"));
  EXPECT_TRUE(is(Class, "class_definition"));
  EXPECT_TRUE(is(Call, "call"));
  EXPECT_FALSE(is(Call, "class_definition"));
  for (TSNode N : everyNode(ts_tree_root_node(B.tree())))
    for (TSNode M : everyNode(ts_tree_root_node(A.tree()))) {
      EXPECT_EQ(is(N, "identifier"), std::strcmp(ts_node_type(N), "identifier") == 0);
      EXPECT_EQ(is(M, "identifier"), std::strcmp(ts_node_type(M), "identifier") == 0);
    }
}

// Tree after tree (each freed before the next is parsed), is() tests each new tree's node on
// its own symbol. (Whether tree-sitter reuses a freed node's address for the next tree's
// node is its allocator's affair: PythonSource forgets the kept symbol at each parse and
// each deletion, so that a reused address cannot answer; this test cannot force one.)
TEST(NodeMemo, EachNewTreesNodeIsTestedOnItsOwnSymbol) {
  const char *const Sources[] = {"x = 1\n", "def f():\n    pass\n", "import os\n",
                                 "class C:\n    pass\n", "while x:\n    x -= 1\n"};
  for (int Round = 0; Round < 20; ++Round)
    for (const char *Text : Sources) {
      PythonSource S = PythonSource::parse(Text);
      TSNode First = ts_node_named_child(ts_tree_root_node(S.tree()), 0);
      EXPECT_EQ(is(First, "expression_statement"),
                std::strcmp(ts_node_type(First), "expression_statement") == 0);
      EXPECT_EQ(is(First, "function_definition"),
                std::strcmp(ts_node_type(First), "function_definition") == 0);
      EXPECT_EQ(is(First, "class_definition"),
                std::strcmp(ts_node_type(First), "class_definition") == 0);
    }
}
