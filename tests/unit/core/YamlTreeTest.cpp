// .hostsync.yaml's YAML, read with libyaml into a small tree (analyzer/config/YamlTree.h).
#include "config/YamlTree.h"

#include <gtest/gtest.h>

using hostsync::yaml::Node;
using hostsync::yaml::parse;

TEST(YamlTree, BlockAndFlowFormsGiveTheSameTree) {
  for (const char *Text : {"Checks: 'a,-b'  # globs\nExclude:\n  - x/*\n  - \"y z\"\nSeverity:\n"
                           "  r1: error\n",
                           "{Checks: \"a,-b\", Exclude: [x/*, 'y z'], Severity: {r1: error}}"}) {
    Node Root;
    std::string Message;
    unsigned Line = 0;
    ASSERT_TRUE(parse(Text, Root, Message, Line)) << Text << ": " << Message;
    ASSERT_EQ(Root.What, Node::Mapping);
    ASSERT_EQ(Root.Map.size(), 3u);
    EXPECT_EQ(Root.Map[0].first.Value, "Checks");
    EXPECT_EQ(Root.Map[0].second.Value, "a,-b");
    ASSERT_EQ(Root.Map[1].second.What, Node::Sequence);
    ASSERT_EQ(Root.Map[1].second.Items.size(), 2u);
    EXPECT_EQ(Root.Map[1].second.Items[1].Value, "y z");
    ASSERT_EQ(Root.Map[2].second.What, Node::Mapping);
    EXPECT_EQ(Root.Map[2].second.Map[0].second.Value, "error");
  }
}

TEST(YamlTree, LinesNullsAndTheFirstDocumentOnly) {
  Node Root;
  std::string Message;
  unsigned Line = 0;
  ASSERT_TRUE(parse("# nothing\n", Root, Message, Line));
  EXPECT_EQ(Root.What, Node::Null);
  ASSERT_TRUE(parse("A: 1\n\nB: ~\nC: ''\n---\nD: 2\n", Root, Message, Line));
  ASSERT_EQ(Root.Map.size(), 3u);
  EXPECT_EQ(Root.Map[1].first.Line, 3u);
  EXPECT_EQ(Root.Map[1].second.What, Node::Null);
  EXPECT_EQ(Root.Map[2].second.What, Node::Scalar); // a quoted empty string is a string
}

TEST(YamlTree, ErrorsSayWhereAndWhat) {
  Node Root;
  std::string Message;
  unsigned Line = 0;
  EXPECT_FALSE(parse("A: [1, 2\nB: 3\n", Root, Message, Line));
  EXPECT_FALSE(Message.empty());
  EXPECT_FALSE(parse("A: &x 1\nB: *x\n", Root, Message, Line));
  EXPECT_EQ(Message, "aliases (*name) are not read in a configuration");
  EXPECT_EQ(Line, 2u);
  EXPECT_FALSE(parse("A: " + std::string(1000, '[') + std::string(1000, ']'), Root, Message, Line));
  EXPECT_EQ(Message, "nested more than 64 deep");
}
