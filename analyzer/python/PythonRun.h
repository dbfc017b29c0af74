// A run's .py files through the Python front end: what both of hostsync-lint's programs do
// with them (driver/LintMain, driver/ClangMain).
#pragma once

#include "model/FileSettings.h"
#include "model/TUResult.h"

#include <string>
#include <vector>

namespace hostsync::python {

// Each file linted with its settings (S.of(file)), in the order given; the project's
// modules they import are read once for the run, and an input that another input imports
// is linted as it is read (ModuleSummaries::willLint). A file whose lint throws is a file
// not analysed (unlessItThrows).
std::vector<TUResult> lintPythonFiles(const std::vector<std::string> &Files, const RunSettings &S);

} // namespace hostsync::python
