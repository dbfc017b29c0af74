#include "python/PythonSource.h"

#include "python/PythonNodes.h"

#include <tree_sitter/api.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

extern "C" const TSLanguage *tree_sitter_python(void);

namespace hostsync::python {

namespace {
// One parser per thread: tree-sitter's parsers are not shared between threads, and a parse
// keeps nothing in it once its tree is returned.
TSParser *threadParser() {
  struct Owned {
    TSParser *P = ts_parser_new();
    ~Owned() { ts_parser_delete(P); }
  };
  thread_local Owned Parser;
  thread_local bool Ready = false;
  if (!Ready) {
    // The vendored grammar's ABI is one the runtime reads (docs/python.md, "The parser"):
    // a mismatch is a packaging error, not a property of a user's file.
    if (!ts_parser_set_language(Parser.P, tree_sitter_python()))
      throw std::runtime_error("tree-sitter-python's ABI version " +
                               std::to_string(ts_language_version(tree_sitter_python())) +
                               " is not one this tree-sitter runtime reads");
    Ready = true;
  }
  return Parser.P;
}

SyntaxProblem at(TSPoint P, std::string What) { return {P.row + 1, P.column + 1, std::move(What)}; }

// The problem N itself is: an ERROR or MISSING node, or a Python 2 statement.
std::optional<SyntaxProblem> problemOf(TSNode N) {
  if (ts_node_is_missing(N))
    return at(ts_node_start_point(N), std::string("missing '") + ts_node_type(N) + "'");
  if (std::strcmp(ts_node_type(N), "ERROR") == 0)
    return at(ts_node_start_point(N), "invalid syntax");
  // The grammar also reads Python 2's print and exec statements, which Python 3 refuses.
  if (std::strcmp(ts_node_type(N), "print_statement") == 0 ||
      std::strcmp(ts_node_type(N), "exec_statement") == 0)
    return at(ts_node_start_point(N), std::string("Python 2 syntax (") +
                                          (ts_node_type(N)[0] == 'p' ? "a print" : "an exec") +
                                          " statement)");
  return std::nullopt;
}

// The first problem in the file's order: every node in pre-order, anonymous ones too (a
// MISSING ')' is one), with a cursor rather than recursion, so that deeply nested
// brackets cannot exhaust the stack.
std::optional<SyntaxProblem> firstProblem(TSNode Root) {
  TSTreeCursor C = ts_tree_cursor_new(Root);
  std::optional<SyntaxProblem> Found;
  for (bool More = true; More && !Found;) {
    Found = problemOf(ts_tree_cursor_current_node(&C));
    if (ts_tree_cursor_goto_first_child(&C))
      continue;
    while (!ts_tree_cursor_goto_next_sibling(&C))
      if (!ts_tree_cursor_goto_parent(&C)) {
        More = false;
        break;
      }
  }
  ts_tree_cursor_delete(&C);
  return Found;
}

// In a tree without ERROR or MISSING nodes, the first problem is the first Python 2 print
// or exec statement, whose keyword is an anonymous "print" / "exec" token (print used as a
// name is an identifier): looked for where the text spells the word, not by a walk of
// every node (which was 6% of a large project's run).
std::optional<SyntaxProblem> python2Statement(TSNode Root, const std::string &Text) {
  // The next place of each word, found again only once passed (a search from each place of
  // the other word would read the text again and again).
  size_t Print = Text.find("print"), Exec = Text.find("exec");
  while (Print != std::string::npos || Exec != std::string::npos) {
    bool IsPrint = Print < Exec;
    size_t Word = IsPrint ? Print : Exec, Length = IsPrint ? 5 : 4;
    TSNode N = ts_node_descendant_for_byte_range(Root, static_cast<uint32_t>(Word),
                                                 static_cast<uint32_t>(Word + Length));
    if (!ts_node_is_null(N) && !ts_node_is_named(N) && ts_node_start_byte(N) == Word &&
        ts_node_end_byte(N) == Word + Length)
      if (auto Found = problemOf(ts_node_parent(N)))
        return Found;
    (IsPrint ? Print : Exec) = Text.find(IsPrint ? "print" : "exec", Word + Length);
  }
  return std::nullopt;
}

// tree-sitter reads a NUL as the end of the text; CPython refuses the file ("source code
// cannot contain null bytes").
std::optional<SyntaxProblem> nulByte(const std::string &Text) {
  size_t At = Text.find('\0');
  if (At == std::string::npos)
    return std::nullopt;
  unsigned Line = 1, Column = 1;
  for (size_t I = 0; I < At; ++I, ++Column)
    if (Text[I] == '\n') {
      ++Line;
      Column = 0;
    }
  return SyntaxProblem{Line, Column, "a NUL byte"};
}
} // namespace

void PythonSource::TreeDeleter::operator()(TSTree *T) const {
  lastSymbol() = {}; // its nodes' ids may be a later tree's
  ts_tree_delete(T);
}

PythonSource PythonSource::parse(std::string Text) {
  PythonSource S;
  S.Text = std::move(Text);
  if (S.Text.size() > UINT32_MAX) // tree-sitter counts bytes in 32 bits
    throw std::runtime_error("larger than 4 GiB");
  S.Tree.reset(ts_parser_parse_string(threadParser(), nullptr, S.Text.data(),
                                      static_cast<uint32_t>(S.Text.size())));
  if (!S.Tree)
    throw std::runtime_error("tree-sitter returned no tree"); // only when cancelled
  lastSymbol() = {}; // an id of a freed tree may be one of this one's
  // A NUL byte anywhere first: CPython refuses the whole file for it, and tree-sitter's
  // error around it may start a token earlier.
  S.Problem = nulByte(S.Text);
  TSNode Root = ts_tree_root_node(S.Tree.get());
  if (!S.Problem && ts_node_has_error(Root))
    S.Problem = firstProblem(Root);
  else if (!S.Problem)
    S.Problem = python2Statement(Root, S.Text);
  return S;
}

} // namespace hostsync::python
