#include "python/PythonNodes.h"

#include <algorithm>

namespace hostsync::python {

namespace {
thread_local NodeMemo *Current = nullptr;
constexpr size_t FirstSlots = 1 << 10;
constexpr size_t Block = 1 << 12; // nodes

// Fibonacci hashing: the product's top Bits bits.
size_t hashOf(const void *Id, uint32_t Field, unsigned Bits) {
  uint64_t H = (reinterpret_cast<uintptr_t>(Id) ^ (uint64_t(Field) << 48)) * 0x9E3779B97F4A7C15ull;
  return static_cast<size_t>(H >> (64 - Bits));
}
} // namespace

NodeMemo::NodeMemo(size_t TextBytes) : Previous(Current) {
  // About a node asked of for every ten bytes of a file, and the table at most half full:
  // grown from there, rather than from a small table through many copies.
  while ((size_t(1) << Bits) < std::max(FirstSlots, TextBytes / 5))
    ++Bits;
  Slots.resize(size_t(1) << Bits);
  Current = this;
}
NodeMemo::~NodeMemo() { Current = Previous; }
NodeMemo *NodeMemo::current() { return Current; }

TSNode parentOf(TSNode N) {
  if (NodeMemo *M = NodeMemo::current(); M && N.id)
    return M->parent(N);
  return ts_node_parent(N);
}

NodeMemo::Slot &NodeMemo::slot(const void *Id, uint32_t Field, bool &Fresh) {
  if (2 * (Used + 1) > Slots.size()) { // at most half full: short probes
    std::vector<Slot> Old(Slots.size() * 2);
    Old.swap(Slots);
    ++Bits;
    for (const Slot &S : Old)
      if (S.Id)
        for (size_t I = hashOf(S.Id, S.Field, Bits);; I = (I + 1) & (Slots.size() - 1))
          if (!Slots[I].Id) {
            Slots[I] = S;
            break;
          }
  }
  for (size_t I = hashOf(Id, Field, Bits);; I = (I + 1) & (Slots.size() - 1)) {
    Slot &S = Slots[I];
    if (S.Id == Id && S.Field == Field) {
      Fresh = false;
      return S;
    }
    if (!S.Id) {
      ++Used;
      S.Id = Id;
      S.Field = Field;
      Fresh = true;
      return S;
    }
  }
}

const TSNode *NodeMemo::keep(const TSNode *Nodes, size_t Count) {
  if (Count == 0)
    return nullptr;
  if (BlockUsed + Count > BlockSize) {
    BlockSize = std::max(Block, Count);
    Blocks.emplace_back(new TSNode[BlockSize]);
    BlockUsed = 0;
  }
  TSNode *At = Blocks.back().get() + BlockUsed;
  std::copy(Nodes, Nodes + Count, At);
  BlockUsed += Count;
  return At;
}

const TSNode *NodeMemo::namedChildren(TSNode N, size_t &Count) {
  bool Fresh = false;
  Slot &S = slot(N.id, 0, Fresh);
  if (Fresh) {
    static thread_local std::vector<TSNode> Found;
    Found.clear();
    // One cursor, reset each time (a new one allocates its stack); ts_node_child(N, I)
    // walks from the first child each time.
    static thread_local struct Cursor {
      TSTreeCursor C = ts_tree_cursor_new(TSNode{});
      ~Cursor() { ts_tree_cursor_delete(&C); }
    } Reused;
    ts_tree_cursor_reset(&Reused.C, N);
    if (ts_tree_cursor_goto_first_child(&Reused.C))
      do {
        TSNode Child = ts_tree_cursor_current_node(&Reused.C);
        if (ts_node_is_named(Child))
          Found.push_back(Child);
      } while (ts_tree_cursor_goto_next_sibling(&Reused.C));
    S.Children = keep(Found.data(), Found.size());
    S.Count = static_cast<uint32_t>(Found.size());
  }
  Count = S.Count;
  return S.Children;
}

TSNode NodeMemo::parent(TSNode N) {
  bool Fresh = false;
  Slot &S = slot(N.id, ParentSlot, Fresh);
  if (Fresh) {
    TSNode Found = ts_node_parent(N);
    S.Children = keep(&Found, 1);
    S.Count = 1;
  }
  return *S.Children;
}

TSNode NodeMemo::field(TSNode N, TSFieldId Field) {
  bool Fresh = false;
  Slot &S = slot(N.id, Field, Fresh);
  if (Fresh) {
    TSNode Found = ts_node_child_by_field_id(N, Field);
    S.Children = keep(&Found, 1);
    S.Count = 1;
  }
  return *S.Children;
}

} // namespace hostsync::python
