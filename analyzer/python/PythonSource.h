// A Python file as the Python front end reads it: parsed by tree-sitter with the vendored
// tree-sitter-python grammar (third_party/tree-sitter-python; docs/python.md says why this
// parser). No LLVM: this is the start of the linter's LLVM-free core (issue 52).
//
// tree-sitter always makes a tree: what does not parse becomes ERROR nodes (text it could
// not place) or MISSING ones (a token it had to assume, such as a closing parenthesis), and
// the rest is parsed as usual. A file with either is reported in one line, with the first
// place, and what did parse is still there to read.
#pragma once

#include <memory>
#include <optional>
#include <string>

struct TSTree;

namespace hostsync::python {

// Where the parse first went wrong. Line and column are 1-based; the column counts bytes,
// as the C++ front end's do.
struct SyntaxProblem {
  unsigned Line = 0, Column = 0;
  std::string What; // "invalid syntax", "missing ')'", "a NUL byte"
};

class PythonSource {
public:
  // Parses Text (a file's bytes, read as UTF-8).
  static PythonSource parse(std::string Text);

  const std::string &text() const { return Text; }
  // The first problem in the file's order, or none when every byte parsed.
  const std::optional<SyntaxProblem> &problem() const { return Problem; }
  // The tree (tree-sitter's C API, tree_sitter/api.h); owned here.
  const TSTree *tree() const { return Tree.get(); }

private:
  struct TreeDeleter {
    void operator()(TSTree *T) const;
  };
  std::string Text;
  std::unique_ptr<TSTree, TreeDeleter> Tree;
  std::optional<SyntaxProblem> Problem;
};

} // namespace hostsync::python
