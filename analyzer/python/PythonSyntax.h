// The syntax layer's helpers over tree-sitter nodes, shared by the front end's files: a
// node's named children, its type and its fields, each read in a few instructions (a large
// project's run asks them tens of millions of times). No knowledge of Python's meaning here.
#pragma once

#include "python/PythonNodes.h"

#include <tree_sitter/api.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hostsync::python {

// N's named children, in order, in one pass (ts_node_named_child(N, I) walks from the first
// child each time: a loop over a long module's statements with it is quadratic). Up to
// eight are held in place: most nodes have fewer, and a vector for each node of every walk
// was a good part of a run's allocations.
class NamedChildren {
public:
  explicit NamedChildren(TSNode N);
  NamedChildren(const NamedChildren &) = delete;
  NamedChildren &operator=(const NamedChildren &) = delete;
  const TSNode *begin() const { return data(); }
  const TSNode *end() const { return data() + Size; }
  size_t size() const { return Size; }
  const TSNode &operator[](size_t I) const { return data()[I]; }

private:
  const TSNode *data() const { return Kept ? Kept : Size <= InPlace ? Held : More.data(); }
  const TSNode *Kept = nullptr; // the current NodeMemo's (python/PythonNodes.h)
  static constexpr size_t InPlace = 8;
  TSNode Held[InPlace];
  std::vector<TSNode> More; // all of them, when there are more than InPlace
  size_t Size = 0;
};
inline NamedChildren namedChildren(TSNode N) { return NamedChildren(N); }
// Is N of this type (a node type of the grammar, named or not)? Its field of this name (a
// null node when it has none)? Type and Name are string literals: each is looked up in the
// grammar once, by its address (typeSymbols, fieldId), so a test is an integer compare.
// Looking them up by their text was a tenth of a run's time: a strcmp per test, and a scan
// of every field name per field.
struct TypeSymbols {
  TSSymbol Named = 0, Anonymous = 0; // 0: the grammar has no such node
};
// A table by a literal's address (hashed, probed linearly), each entry filled on its first
// use: a few hundred literals in 4096 slots. A slot per hash alone made two literals of one
// slot look each other up again at every use, a linear search of the grammar's names: 13%
// of a run's time once two hot ones met (session 33). The literal found in its home slot
// is read inline: `is` runs tens of millions of times in a large project's run, and a
// call that saved every register each time was 7% of it.
template <class Id> struct ByAddress {
  static constexpr size_t Size = 4096;
  struct Slot {
    const char *Key = nullptr;
    Id Value{};
  };
  Slot Slots[Size];
  size_t Used = 0;
  // Fibonacci hashing: the literals lie close together in the binary.
  static size_t home(const char *Key) {
    return static_cast<size_t>(
        (static_cast<uint64_t>(reinterpret_cast<uintptr_t>(Key)) * 0x9E3779B97F4A7C15ull) >> 52);
  }
  // Key's entry, filled by Find the first time (PythonValues.cpp).
  template <class LookUp> Id fill(const char *Key, LookUp &&Find);
};
inline ByAddress<TypeSymbols> &typeTable() {
  static thread_local ByAddress<TypeSymbols> Table;
  return Table;
}
inline ByAddress<TSFieldId> &fieldTable() {
  static thread_local ByAddress<TSFieldId> Table;
  return Table;
}
TypeSymbols typeSymbolsOutOfLine(const char *Type);
TSFieldId fieldIdOutOfLine(const char *Name);
inline TypeSymbols typeSymbols(const char *Type) {
  const auto &S = typeTable().Slots[ByAddress<TypeSymbols>::home(Type)];
  return S.Key == Type ? S.Value : typeSymbolsOutOfLine(Type);
}
inline TSFieldId fieldId(const char *Name) {
  const auto &S = fieldTable().Slots[ByAddress<TSFieldId>::home(Name)];
  return S.Key == Name ? S.Value : fieldIdOutOfLine(Name);
}
template <size_t N> bool is(TSNode Node, const char (&Type)[N]) {
  if (!Node.id) // ts_node_is_null, inline
    return false;
  const TypeSymbols S = typeSymbols(Type);
  TSSymbol Sym = symbolOf(Node);
  return Sym == S.Named || Sym == S.Anonymous;
}
// The same of a symbol already read (symbolOf; 0 of a null node, which is no type): a node
// tested against type after type.
template <size_t N> bool is(TSSymbol Sym, const char (&Type)[N]) {
  const TypeSymbols S = typeSymbols(Type);
  return Sym && (Sym == S.Named || Sym == S.Anonymous);
}
template <size_t N> TSNode field(TSNode Node, const char (&Name)[N]) {
  if (!Node.id) // a missing part's part is missing too
    return Node;
  if (NodeMemo *M = NodeMemo::current())
    return M->field(Node, fieldId(Name));
  return ts_node_child_by_field_id(Node, fieldId(Name));
}
} // namespace hostsync::python
