// The project's own modules, as the files that import them see them (docs/python.md,
// "Devices"): `from utils import get_device`, `import dist_util`, `from .models import Net`
// name a .py file beside the importer (or above it, for a package), whose module-level
// values, function results and nn.Module classes the importer then knows. Each module is
// summarised once a run, its own imports followed (a cycle gives nothing), at most four deep.
#pragma once

#include "python/PythonCalls.h"
#include "python/PythonLint.h"
#include "python/PythonSource.h"
#include "python/PythonValues.h"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

namespace hostsync::python {

// What a module gives the files that import it.
struct ModuleSummary {
  std::map<std::string, Value, std::less<>> Globals; // module-level names' values
  std::map<std::string, Value, std::less<>> Returns; // what each free function returns
  std::set<std::string, std::less<>> ModuleClasses;  // classes deriving from a Module
  // The other classes, each with what its methods set on self ("self.train"): calling one
  // builds an object whose attributes the importer reads (data.Corpus(path).train).
  std::map<std::string, std::map<std::string, Value, std::less<>>, std::less<>> Objects;
  std::map<std::string, FunctionRef, std::less<>> Functions; // its free functions
};

// The same, by the names the importing file uses: "device" or "cfg.device", "dev" or
// "dist_util.dev", "Net" or "models.Net".
using Imported = ModuleSummary;

// What one imported module gives, under the names Prefix + its own ("cfg." for
// `import cfg`, "" for `from cfg import *`); a name Out already has keeps its value.
void addNames(const ModuleSummary &M, const std::string &Prefix, Imported &Out);

class ModuleSummaries {
public:
  // Modules are summarised with Settings' device assumption, and this object for their own
  // imports.
  explicit ModuleSummaries(const LintSettings &Settings);
  // The run's inputs, with their settings: an input that another file imports is linted as
  // it is summarised, once (lint() then gives its result).
  void willLint(const std::string &Path, const LintSettings &Settings);
  // Path's result, linted with Settings (once, whether an importer or the run asks first).
  TUResult lint(const std::string &Path, const LintSettings &Settings);
  // What File's imports of the project's modules give it (File absolute, Root its tree).
  Imported importsOf(const std::string &File, TSNode Root, const Values &V);
  // The .py file an import names, "" when it names none of the project's: Level leading
  // dots (0: absolute, looked for from File's folder up), Dotted the module's name.
  std::string resolve(const std::string &File, unsigned Level, const std::string &Dotted);
  // What the run's results depend on (the result cache's files: python/PythonRun.cpp): the
  // files linted or summarised, and the places looked at where imports found no file.
  std::vector<std::string> filesRead() const;
  std::set<std::string> missing() const;
  // What a linted file's calls passed to the functions of the modules it imports (merged
  // over the run's files), and the inputs of the run that were given some: each is linted
  // once more with them bound (python/PythonRun.cpp).
  void passed(const std::string &Path, const PassedArguments &Arguments, const std::string &Caller);
  // A CUDA default device (Values::DefaultDevice) that a file importing Path sets: Path is
  // linted once more with it (the first one given is kept).
  void defaultDevice(const std::string &Path, const Value &Device);
  const Value *defaultDeviceOf(const std::string &Path) const;
  std::vector<std::string> inputsGivenArguments() const;
  // Path linted once more with what its importers pass. When what its functions return
  // then differs from what its first lint said (evaluate(net, loader) returns a CUDA score
  // once `net` is the CUDA model a caller passes), those returns replace the first ones.
  TUResult lintWithArguments(const std::string &Path);
  // The inputs that call a function whose returns lintWithArguments replaced: linted once
  // more so that they read it (one round: what those lints change is not followed further).
  std::vector<std::string> inputsReadingUpdates() const;
  // From now on, what lints pass is not recorded: the second round sees the first's
  // arguments whatever order it lints the modules in.
  void freezePassed() { Frozen = true; }
  const PassedArguments *passedTo(const std::string &Path) const;
  // Path read and parsed, once a run: a file linted again with what its importers pass is
  // not parsed again (a sixth of a project's run was), up to 4 MiB of files (their trees
  // take about 120 MiB); past that, at each lint. Null when it cannot be read.
  std::shared_ptr<const PythonSource> source(const std::string &Path);

private:
  static std::string lookUp(std::filesystem::path Dir, unsigned Level, const std::string &Dotted,
                            std::vector<std::string> &Missing);
  const ModuleSummary *summaryOf(const std::string &Path);
  LintSettings Own;                                       // a module that is not an input: no rules
  std::map<std::string, LintSettings> Inputs;             // by path
  std::map<std::string, TUResult> Linted;                 // inputs linted as they were summarised
  std::map<std::string, PassedArguments> Passed;          // by module path
  std::map<std::string, Value> Defaults;                  // CUDA default devices, by module path
  std::map<std::string, std::set<std::string>> Importers; // by module path: the files reading it
  // By module path and function: the files that call it.
  std::map<std::string, std::map<std::string, std::set<std::string>, std::less<>>> Callers;
  // The files to lint again: the callers of the functions whose returns lintWithArguments
  // replaced.
  std::set<std::string> Readers;
  bool Frozen = false;
  std::map<std::string, std::shared_ptr<const PythonSource>> Sources; // by path
  static constexpr size_t MaxKeptText = size_t(4) << 20;              // bytes of their text
  size_t KeptText = 0;
  std::map<std::string, std::optional<ModuleSummary>> Done; // by path; unset while in progress
  unsigned Depth = 0;
  // Where imports looked for module files and found none: the answers' lists, which
  // resolve() keeps for the thread (gathered only when asked, by the cache).
  std::unordered_set<const std::vector<std::string> *> MissingIn;
};

} // namespace hostsync::python
