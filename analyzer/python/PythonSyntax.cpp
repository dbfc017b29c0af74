#include "python/PythonSyntax.h"

#include <cstring>

extern "C" const TSLanguage *tree_sitter_python(void);

namespace hostsync::python {

NamedChildren::NamedChildren(TSNode N) {
  if (ts_node_is_null(N))
    return;
  if (NodeMemo *M = NodeMemo::current()) {
    Kept = M->namedChildren(N, Size);
    return;
  }
  // One cursor, reset each time: a new one allocates its stack.
  static thread_local struct Cursor {
    TSTreeCursor C = ts_tree_cursor_new(TSNode{});
    ~Cursor() { ts_tree_cursor_delete(&C); }
  } Reused;
  TSTreeCursor &C = Reused.C;
  ts_tree_cursor_reset(&C, N);
  if (ts_tree_cursor_goto_first_child(&C))
    do {
      TSNode Child = ts_tree_cursor_current_node(&C);
      if (!ts_node_is_named(Child))
        continue;
      if (Size == InPlace)
        More.assign(Held, Held + InPlace);
      if (Size < InPlace)
        Held[Size] = Child;
      else
        More.push_back(Child);
      ++Size;
    } while (ts_tree_cursor_goto_next_sibling(&C));
}

namespace {

const TSLanguage *python() { return tree_sitter_python(); }

} // namespace

template <class Id> template <class LookUp> Id ByAddress<Id>::fill(const char *Key, LookUp &&Find) {
  for (size_t I = home(Key);; I = (I + 1) % Size) {
    Slot &S = Slots[I];
    if (S.Key == Key)
      return S.Value;
    if (S.Key)
      continue;
    if (Used >= Size / 2) // never with the front end's literals; looked up, not kept
      return Find(Key);
    ++Used;
    S.Key = Key;
    S.Value = Find(Key);
    return S.Value;
  }
}

TypeSymbols typeSymbolsOutOfLine(const char *Type) {
  return typeTable().fill(Type, [](const char *T) {
    uint32_t Length = static_cast<uint32_t>(std::strlen(T));
    TypeSymbols S;
    S.Named = ts_language_symbol_for_name(python(), T, Length, true);
    S.Anonymous = ts_language_symbol_for_name(python(), T, Length, false);
    // 0 is the end of input's symbol, which no node of a tree has; "ERROR" comes back as
    // the error symbol whichever named-ness is asked.
    return S;
  });
}

TSFieldId fieldIdOutOfLine(const char *Name) {
  return fieldTable().fill(Name, [](const char *N) {
    return ts_language_field_id_for_name(python(), N, static_cast<uint32_t>(std::strlen(N)));
  });
}

} // namespace hostsync::python
