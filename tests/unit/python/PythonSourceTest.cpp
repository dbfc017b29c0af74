// The Python front end's parse (analyzer/python/PythonSource.h): real tree-sitter with the
// vendored grammar, on Python the way training scripts are written, and on what is not
// Python 3.
#include "python/PythonSource.h"

#include <gtest/gtest.h>

#include <tree_sitter/api.h>

#include <cstring>

using hostsync::python::PythonSource;

namespace {
// The types of the root's children, in order.
std::string topLevel(const PythonSource &S) {
  TSNode Root = ts_tree_root_node(S.tree());
  std::string Out;
  for (uint32_t I = 0; I < ts_node_named_child_count(Root); ++I)
    Out += std::string(Out.empty() ? "" : " ") + ts_node_type(ts_node_named_child(Root, I));
  return Out;
}
} // namespace

TEST(PythonSource, ATrainingLoopParses) {
  PythonSource S = PythonSource::parse("import torch\n"
                                       "\n"
                                       "def train(model, loader, device):\n"
                                       "    for step, (x, y) in enumerate(loader):\n"
                                       "        loss = model(x.to(device)).sum()\n"
                                       "        if step % 100 == 0:\n"
                                       "            print(f\"{loss.item():.3f}\")\n"
                                       "\n"
                                       "class Net(torch.nn.Module):\n"
                                       "    def forward(self, x):\n"
                                       "        return x[x > 0]\n");
  EXPECT_FALSE(S.problem()) << S.problem()->What << " at line " << S.problem()->Line;
  EXPECT_EQ(topLevel(S), "import_statement function_definition class_definition");
}

TEST(PythonSource, RecentSyntaxParses) {
  // match (3.10), the walrus (3.8), except* (3.11), type parameters (3.12).
  PythonSource S = PythonSource::parse("match cmd:\n    case [x, *rest]:\n        pass\n"
                                       "if (n := len(xs)) > 3:\n    pass\n"
                                       "try:\n    pass\nexcept* ValueError:\n    pass\n"
                                       "def first[T](xs: list[T]) -> T:\n    return xs[0]\n");
  EXPECT_FALSE(S.problem()) << S.problem()->Line << ":" << S.problem()->What;
}

TEST(PythonSource, Python2IsOneProblemAndTheRestStillParses) {
  PythonSource S = PythonSource::parse("import torch\n"
                                       "print \"loss\", loss\n"
                                       "def f(t):\n    return t.item()\n");
  ASSERT_TRUE(S.problem());
  EXPECT_EQ(S.problem()->Line, 2u);
  EXPECT_EQ(S.problem()->What, "Python 2 syntax (a print statement)");
  EXPECT_NE(topLevel(S).find("function_definition"), std::string::npos) << topLevel(S);
  PythonSource Exec = PythonSource::parse("def f(code):\n    exec code in {}\n");
  ASSERT_TRUE(Exec.problem());
  EXPECT_EQ(Exec.problem()->Line, 2u);
  EXPECT_EQ(Exec.problem()->What, "Python 2 syntax (an exec statement)");
}

// Without ERROR nodes, Python 2 statements are looked for where the text spells the words:
// the words as names, attributes, parts of names, in strings and comments are Python 3.
TEST(PythonSource, PrintAndExecAsNamesAreNoProblem) {
  PythonSource S = PythonSource::parse("print = logger.info  # print 'x'\n"
                                       "builtins.exec(code)\nprint_freq = 10\n"
                                       "s = \"print 1\"\nprint(s, exec_time)\n");
  EXPECT_FALSE(S.problem()) << S.problem()->What;
  // The first of two, in the file's order, whichever word comes first.
  PythonSource Both = PythonSource::parse("def f(c):\n    exec c\nprint 'a'\n");
  ASSERT_TRUE(Both.problem());
  EXPECT_EQ(Both.problem()->Line, 2u);
  EXPECT_EQ(Both.problem()->Column, 5u);
  EXPECT_EQ(Both.problem()->What, "Python 2 syntax (an exec statement)");
}

TEST(PythonSource, AMissingTokenIsNamed) {
  // An anonymous token: the walk must look past named nodes.
  PythonSource S = PythonSource::parse("def f(:\n    pass\n");
  ASSERT_TRUE(S.problem());
  EXPECT_EQ(S.problem()->What, "missing ')'");
  EXPECT_EQ(S.problem()->Line, 1u);
  EXPECT_EQ(S.problem()->Column, 7u);
  // Text it cannot place: the statement it starts.
  PythonSource Open = PythonSource::parse("x = [1, 2\ny = 3\n");
  ASSERT_TRUE(Open.problem());
  EXPECT_EQ(Open.problem()->What, "invalid syntax");
  EXPECT_EQ(Open.problem()->Line, 1u);
}

TEST(PythonSource, ANulByteIsAProblemWhereItIs) {
  PythonSource S = PythonSource::parse(std::string("x = 1\ny = 2\0\nz = 3\n", 18));
  ASSERT_TRUE(S.problem());
  EXPECT_EQ(S.problem()->What, "a NUL byte");
  EXPECT_EQ(S.problem()->Line, 2u);
  EXPECT_EQ(S.problem()->Column, 6u);
  EXPECT_EQ(S.text().size(), 18u); // the whole text is kept
}

TEST(PythonSource, BytesThatAreNotUtf8InAStringParse) {
  // A Latin-1 file (PEP 263 coding line): the bytes of its strings are not UTF-8.
  PythonSource S = PythonSource::parse("# -*- coding: latin-1 -*-\nname = '\xe9t\xe9'\n");
  EXPECT_FALSE(S.problem());
  EXPECT_EQ(topLevel(S), "comment expression_statement");
}

TEST(PythonSource, AnEmptyFileParses) {
  PythonSource S = PythonSource::parse("");
  EXPECT_FALSE(S.problem());
  EXPECT_EQ(topLevel(S), "");
}

// A generated file of deeply nested brackets: the walk for problems must not recurse once per
// level (it exhausted the stack at this depth when it did).
TEST(PythonSource, DeepNestingIsWalkedWithoutRecursion) {
  const size_t Depth = 200000;
  PythonSource S = PythonSource::parse("x = " + std::string(Depth, '[') + "1" +
                                       std::string(Depth, ']') + "\ny = (\n");
  ASSERT_TRUE(S.problem());
  EXPECT_EQ(S.problem()->Line, 2u);
}
