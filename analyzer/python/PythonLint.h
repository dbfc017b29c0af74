// The Python front end: a .py file's syncs as findings of the linter's one model
// (model/Finding.h), with the same rules, ranks, device reasons, NOLINT and noqa
// suppressions as the C++ front end's (docs/python.md). No LLVM.
#pragma once

#include "model/AssumeDevice.h"
#include "model/TUResult.h"

#include <optional>
#include <set>
#include <string>

namespace hostsync::python {

class ModuleSummaries;
struct ModuleSummary;

struct LintSettings {
  std::set<std::string> EnabledRules; // rule ids; a finding of another rule is not made
  AssumeDevice Assume = AssumeDevice::Unknown;
  // The project's modules the file imports (PythonModules.h); none read when null.
  ModuleSummaries *Modules = nullptr;
  // Bind what the files that import this one pass to its functions (Modules' passedTo()) to
  // their parameters, as the file's own calls are.
  bool BindPassed = false;
};

// Reads and lints one file (File absolute). A file that cannot be read, or does not parse
// as Python 3, is a TUResult not analysed, with its first problem ("file:line:col: ...").
// With Settings.Modules (and ThroughModules), the file is linted once a run through it,
// whether the run or a file importing it asks first. Export, when given, receives what the
// module gives its importers.
TUResult lintPythonFile(const std::string &File, const LintSettings &Settings,
                        bool ThroughModules = true, ModuleSummary *Export = nullptr);
// A file's bytes; none when it cannot be read.
std::optional<std::string> readPythonFile(const std::string &File);
// The same on text already read.
TUResult lintPythonText(const std::string &File, const std::string &Text,
                        const LintSettings &Settings);

} // namespace hostsync::python
