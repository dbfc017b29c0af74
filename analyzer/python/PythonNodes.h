// What the walks ask of a tree's nodes, kept once asked: a node's named children, its
// fields and its parent. The linter walks each file one to eight times (python/PythonLint.cpp) and
// its helpers ask the same nodes again (the rank of a call, a callee's parameters), and tree-sitter
// answers each question by walking the node's children again: a third of a large project's run went
// to ts_tree_cursor_goto_next_sibling, ts_node_child_by_field_id and their kin. While a NodeMemo is
// current on the thread (one per parsed file, from its analysis to its end), namedChildren() and
// field() read it; with none, tree-sitter.
#pragma once

#include <tree_sitter/api.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace hostsync::python {

// The symbol of the node last asked, by its id and alias: a walk tests one node against
// type after type (`is(N, "call")`, then `is(N, "attribute")`...), and ts_node_symbol maps
// the node's symbol through the grammar's tables at each. Forgotten whenever a tree is made
// or deleted (PythonSource), so that no id of a freed tree is taken for a new one's.
struct LastSymbol {
  const void *Id = nullptr;
  uint32_t Alias = 0;
  TSSymbol Symbol = 0;
};
inline LastSymbol &lastSymbol() {
  static thread_local LastSymbol Last;
  return Last;
}
inline TSSymbol symbolOf(TSNode Node) {
  LastSymbol &Last = lastSymbol();
  if (Last.Id != Node.id || Last.Alias != Node.context[3])
    Last = {Node.id, Node.context[3], ts_node_symbol(Node)};
  return Last.Symbol;
}
class NodeMemo;
// N's parent, as the current NodeMemo keeps it (tree-sitter's when none is current).
TSNode parentOf(TSNode N);

class NodeMemo {
public:
  // Makes this memo the thread's current one until it is destroyed (the previous one then
  // again: a file's analysis summarises the modules it imports inside it).
  // TextBytes: the file's size, which the table is made for.
  explicit NodeMemo(size_t TextBytes);
  ~NodeMemo();
  NodeMemo(const NodeMemo &) = delete;
  NodeMemo &operator=(const NodeMemo &) = delete;

  static NodeMemo *current();
  // N's named children (Count of them), held as long as the memo is.
  const TSNode *namedChildren(TSNode N, size_t &Count);
  TSNode field(TSNode N, TSFieldId Field);
  // N's parent: ts_node_parent walks down from the root to find it, each time.
  TSNode parent(TSNode N);

private:
  // 24 bytes: the table is zeroed as it grows.
  struct Slot {
    const void *Id = nullptr;
    uint32_t Field = 0; // 0: the node's named children; ParentSlot: its parent; else a field
    uint32_t Count = 0; // named children; 1 for a field
    const TSNode *Children = nullptr; // the children, or the field's node (kept as they are)
  };
  static constexpr uint32_t ParentSlot = ~0u; // no field's id
  Slot &slot(const void *Id, uint32_t Field, bool &Fresh);
  const TSNode *keep(const TSNode *Nodes, size_t Count);
  std::vector<Slot> Slots;
  unsigned Bits = 0; // Slots has 2^Bits
  size_t Used = 0;
  // The children, in blocks that never move (a walk reads one node's children while it asks
  // another's).
  std::vector<std::unique_ptr<TSNode[]>> Blocks;
  size_t BlockUsed = 0, BlockSize = 0;
  NodeMemo *Previous;
};

} // namespace hostsync::python
