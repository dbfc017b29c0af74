#include "python/PythonRun.h"

#include "cache/ResultCache.h"
#include "python/PythonLint.h"
#include "python/PythonModules.h"
#include "python/PythonGuesses.h"
#include "support/AbsolutePath.h"

#include <filesystem>

namespace hostsync::python {

namespace {
// The key of a run's Python part: the build, and every input with its settings, in order.
std::string runKey(const std::vector<std::string> &Files, const RunSettings &S) {
  std::vector<std::string> Parts = {"python", S.ToolId, guessesOff()};
  for (const std::string &F : Files) {
    const FileSettings &Own = S.of(F);
    Parts.push_back(absolutePath(F));
    Parts.push_back(std::to_string(static_cast<int>(Own.Assume)));
    Parts.push_back(std::to_string(Own.EnabledRules.size()));
    Parts.insert(Parts.end(), Own.EnabledRules.begin(), Own.EnabledRules.end());
  }
  return hashParts(Parts);
}
} // namespace

std::vector<TUResult> lintPythonFiles(const std::vector<std::string> &Files, const RunSettings &S) {
  std::string Key = S.Cache && !Files.empty() ? runKey(Files, S) : "";
  std::vector<TUResult> Results;
  if (!Key.empty() && S.Cache->loadAll(Key, Results) && Results.size() == Files.size())
    return Results;
  Results.clear();
  ModuleSummaries Modules({{}, S.Defaults.Assume});
  auto SettingsOf = [&](const std::string &F) {
    const FileSettings &Own = S.of(F);
    return LintSettings{{Own.EnabledRules.begin(), Own.EnabledRules.end()}, Own.Assume, &Modules};
  };
  for (const std::string &F : Files)
    Modules.willLint(absolutePath(F), SettingsOf(F));
  for (const std::string &F : Files) {
    std::string Abs = absolutePath(F);
    LintSettings Settings = SettingsOf(F);
    Results.push_back(unlessItThrows(Abs, [&] { return lintPythonFile(Abs, Settings); }));
  }
  // The inputs whose functions other files call, once more with what those calls pass (one
  // round: what that lint passes on in turn is not followed further).
  // Then the inputs that import a module whose returns that lint changed (a helper that
  // calls the model it is given), once more, reading them.
  auto LintAgain = [&](const std::vector<std::string> &Paths) {
    for (const std::string &Module : Paths)
      for (size_t I = 0; I < Files.size(); ++I)
        if (std::string Abs = absolutePath(Files[I]);
            std::filesystem::path(Abs).lexically_normal() == Module) {
          Results[I] = unlessItThrows(Abs, [&] { return Modules.lintWithArguments(Module); });
          Results[I].File = Abs;
        }
  };
  std::vector<std::string> Called = Modules.inputsGivenArguments();
  Modules.freezePassed();
  LintAgain(Called);
  LintAgain(Modules.inputsReadingUpdates());
  if (!Key.empty()) {
    std::vector<Dependency> Read = S.Cache->hashes().dependencies(Modules.filesRead());
    for (const std::string &Absent : Modules.missing())
      Read.push_back({Absent, ""}); // "": unreadable; a module that appears there invalidates it
    S.Cache->storeAll(Key, Results, Read);
  }
  return Results;
}

} // namespace hostsync::python
