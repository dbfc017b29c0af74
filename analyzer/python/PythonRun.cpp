#include "python/PythonRun.h"

#include "python/PythonLint.h"
#include "python/PythonModules.h"
#include "support/AbsolutePath.h"

namespace hostsync::python {

std::vector<TUResult> lintPythonFiles(const std::vector<std::string> &Files, const RunSettings &S) {
  ModuleSummaries Modules({{}, S.Defaults.Assume});
  auto SettingsOf = [&](const std::string &F) {
    const FileSettings &Own = S.of(F);
    return LintSettings{{Own.EnabledRules.begin(), Own.EnabledRules.end()}, Own.Assume, &Modules};
  };
  for (const std::string &F : Files)
    Modules.willLint(absolutePath(F), SettingsOf(F));
  std::vector<TUResult> Results;
  for (const std::string &F : Files) {
    std::string Abs = absolutePath(F);
    LintSettings Settings = SettingsOf(F);
    Results.push_back(unlessItThrows(Abs, [&] { return lintPythonFile(Abs, Settings); }));
  }
  return Results;
}

} // namespace hostsync::python
