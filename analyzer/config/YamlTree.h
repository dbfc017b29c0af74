// A YAML document as a small tree with the line of each node, read with libyaml (Debian's
// libyaml-dev, YAML 1.1) instead of LLVM's YAML parser, so that .hostsync.yaml is read by the
// linter's core without LLVM. Only the first document of a stream is read, as LLVM's reader
// did; anchors and aliases are not read (a configuration has no use for them).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace hostsync::yaml {

struct Node {
  enum Kind { Null, Scalar, Sequence, Mapping } What = Null;
  std::string Value;                      // a scalar's text, quotes and escapes read
  std::vector<Node> Items;                // a sequence's items
  std::vector<std::pair<Node, Node>> Map; // a mapping's keys and values, in order
  unsigned Line = 1;                      // where the node starts, 1-based
};

// Parses Text. False with Message and Line set when it is not valid YAML, or nests more
// than 64 deep, or uses an alias.
bool parse(const std::string &Text, Node &Root, std::string &Message, unsigned &Line);

} // namespace hostsync::yaml
