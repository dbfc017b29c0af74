// The Python front end's parse (analyzer/python/PythonSource.h) on any bytes: tree-sitter
// with the vendored grammar must return a tree for every input, and a problem it reports
// must lie inside the text (a line that exists, a column of at least 1).
#include "python/PythonSource.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  hostsync::python::PythonSource source = hostsync::python::PythonSource::parse(text);
  if (!source.tree() || source.text() != text)
    std::abort();
  if (const auto &problem = source.problem()) {
    size_t lines = std::count(text.begin(), text.end(), '\n') + 1;
    if (problem->Line < 1 || problem->Line > lines || problem->Column < 1 || problem->What.empty())
      std::abort();
  }
  return 0;
}
