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
//
// With S.Cache, the results are stored together, under a key of the build and every input
// with its settings, with every file they read (the inputs, the modules their imports
// named) and the places where an import found no file; a run with the same inputs takes
// them from the cache while none of those changed. Whole, not file by file: a file's result
// can depend on the other inputs (an input another imports is linted as it is summarised,
// four modules deep), and the front end reads a project in a fraction of a second.
std::vector<TUResult> lintPythonFiles(const std::vector<std::string> &Files, const RunSettings &S);

} // namespace hostsync::python
