// The Python front end (analyzer/python/PythonLint.h) on any bytes, every rule enabled: no
// crash, no leak, and what it says stays inside the text. A file either is analysed (its
// findings on lines that exist, columns of at least 1, each with a source line as the file
// has it) or is not, with its first problem named.
#include "python/PythonLint.h"

#include "rules/Catalog.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const hostsync::python::LintSettings settings = [] {
    hostsync::python::LintSettings s;
    for (const hostsync::RuleInfo &rule : hostsync::Catalog::embedded().rules())
      s.EnabledRules.insert(rule.Id);
    return s;
  }();
  std::string text(reinterpret_cast<const char *>(data), size);
  hostsync::TUResult result = hostsync::python::lintPythonText("/fuzz/input.py", text, settings);
  if (result.Failed != !result.FirstError.empty() || (result.Failed && !result.Findings.empty()))
    std::abort();
  size_t lines = std::count(text.begin(), text.end(), '\n') + 1;
  for (const hostsync::Finding &f : result.Findings)
    if (f.Line < 1 || f.Line > lines || f.Column < 1 || f.Rule.empty() || f.Message.empty() ||
        text.find(f.SourceLine) == std::string::npos)
      std::abort();
  return 0;
}
