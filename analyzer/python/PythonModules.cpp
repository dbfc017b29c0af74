#include "python/PythonModules.h"

#include <algorithm>
#include <filesystem>
#include <unordered_map>

namespace hostsync::python {

namespace fs = std::filesystem;

namespace {
// Folders above the importer where an absolute import's package may start: a script in
// tools/ importing `from mypkg.utils import x` of the checkout's root.
constexpr unsigned MaxParents = 4;
constexpr unsigned MaxDepth = 4; // modules summarised inside one another

bool isFile(const fs::path &P) {
  std::error_code E;
  return fs::is_regular_file(P, E);
}

// "a.b" -> a/b.py or a/b/__init__.py under Base.
// The module file Dotted names under Base, ""; the candidates that are not files go to
// Missing (a file that appears there later changes what the import names).
std::string moduleFile(const fs::path &Base, const std::string &Dotted,
                       std::vector<std::string> &Missing) {
  fs::path Rel;
  for (size_t Start = 0; Start <= Dotted.size();) {
    size_t Dot = Dotted.find('.', Start);
    Rel /= Dotted.substr(Start, Dot == std::string::npos ? std::string::npos : Dot - Start);
    Start = Dot == std::string::npos ? Dotted.size() + 1 : Dot + 1;
  }
  for (fs::path P : {fs::path(Base / Rel).concat(".py"), Base / Rel / "__init__.py"}) {
    if (isFile(P))
      return P.lexically_normal().string();
    Missing.push_back(P.lexically_normal().string());
  }
  return "";
}

// What one name of an imported module gives, as Local (`from cfg import device as d`).
void addName(const ModuleSummary &M, const std::string &Name, const std::string &Local,
             Imported &Out) {
  if (auto It = M.Globals.find(Name); It != M.Globals.end())
    Out.Globals.emplace(Local, It->second);
  if (auto It = M.Returns.find(Name); It != M.Returns.end())
    Out.Returns.emplace(Local, It->second);
  if (M.ModuleClasses.count(Name))
    Out.ModuleClasses.insert(Local);
  if (auto It = M.Objects.find(Name); It != M.Objects.end())
    Out.Objects.emplace(Local, It->second);
  if (auto It = M.Functions.find(Name); It != M.Functions.end())
    Out.Functions.emplace(Local, It->second);
  // A class's methods ("Meter.update") and what they return, by the class's local name.
  std::string Members = Name + ".";
  auto AddMembers = [&](const auto &From, auto &Into) {
    for (auto It = From.lower_bound(Members);
         It != From.end() && It->first.compare(0, Members.size(), Members) == 0; ++It)
      Into.emplace(Local + It->first.substr(Name.size()), It->second);
  };
  AddMembers(M.Functions, Out.Functions);
  AddMembers(M.Returns, Out.Returns);
}
} // namespace

void addNames(const ModuleSummary &M, const std::string &Prefix, Imported &Out) {
  for (const auto &[Name, V] : M.Globals)
    Out.Globals.emplace(Prefix + Name, V);
  for (const auto &[Name, V] : M.Returns)
    Out.Returns.emplace(Prefix + Name, V);
  for (const std::string &Name : M.ModuleClasses)
    Out.ModuleClasses.insert(Prefix + Name);
  for (const auto &[Name, Attributes] : M.Objects)
    Out.Objects.emplace(Prefix + Name, Attributes);
  for (const auto &[Name, F] : M.Functions)
    Out.Functions.emplace(Prefix + Name, F);
}

ModuleSummaries::ModuleSummaries(const LintSettings &Settings) : Own(Settings) {
  Own.EnabledRules.clear(); // a summary reports nothing
  Own.Modules = this;
}

std::string ModuleSummaries::resolve(const std::string &File, unsigned Level,
                                     const std::string &Dotted) {
  fs::path Dir = fs::path(File).parent_path();
  // The answers for a folder, by import: every file of a folder imports much the same (torch,
  // the package's own modules), and each answer is up to a few dozen stat() calls. The
  // files do not change during a run.
  struct Answer {
    std::string Path;
    std::vector<std::string> Missing;
  };
  static thread_local std::unordered_map<std::string, Answer> Answers;
  std::string Key = Dir.string() + '\0' + std::to_string(Level) + '\0' + Dotted;
  auto It = Answers.find(Key);
  if (It == Answers.end()) {
    Answer A;
    A.Path = lookUp(Dir, Level, Dotted, A.Missing);
    It = Answers.emplace(Key, std::move(A)).first;
  }
  if (!It->second.Missing.empty())
    MissingIn.insert(&It->second.Missing); // the map's nodes stay where they are
  return It->second.Path;
}

std::string ModuleSummaries::lookUp(fs::path Dir, unsigned Level, const std::string &Dotted,
                                    std::vector<std::string> &Missing) {
  if (Level > 0) { // from . import x, from ..pkg import y
    for (unsigned I = 1; I < Level; ++I)
      Dir = Dir.parent_path();
    return Dotted.empty() ? "" : moduleFile(Dir, Dotted, Missing);
  }
  for (unsigned I = 0; I <= MaxParents && !Dir.empty(); ++I, Dir = Dir.parent_path()) {
    if (std::string F = moduleFile(Dir, Dotted, Missing); !F.empty())
      return F;
    if (Dir == Dir.root_path())
      break;
  }
  return "";
}

std::set<std::string> ModuleSummaries::missing() const {
  std::set<std::string> Out;
  for (const std::vector<std::string> *Places : MissingIn)
    Out.insert(Places->begin(), Places->end());
  return Out;
}

std::vector<std::string> ModuleSummaries::filesRead() const {
  std::set<std::string> Read;
  for (const auto &Input : Inputs)
    Read.insert(Input.first);
  for (const auto &Summarised : Done)
    Read.insert(Summarised.first);
  return {Read.begin(), Read.end()};
}

void ModuleSummaries::willLint(const std::string &Path, const LintSettings &Settings) {
  LintSettings S = Settings;
  S.Modules = this;
  Inputs.insert_or_assign(fs::path(Path).lexically_normal().string(), std::move(S));
}

TUResult ModuleSummaries::lint(const std::string &Path, const LintSettings &Settings) {
  std::string Key = fs::path(Path).lexically_normal().string();
  willLint(Key, Settings);
  if (!Done.count(Key))
    summaryOf(Key); // lints it too (an input of the run)
  if (auto It = Linted.find(Key); It != Linted.end()) {
    TUResult R = std::move(It->second);
    Linted.erase(It);
    R.File = Path;
    return R;
  }
  // Summarised before it was known to be an input (or inside a cycle): linted on its own.
  LintSettings Alone = Inputs.at(Key);
  return lintPythonFile(Path, Alone, /*ThroughModules=*/false);
}

const ModuleSummary *ModuleSummaries::summaryOf(const std::string &Path) {
  if (auto It = Done.find(Path); It != Done.end())
    return It->second ? &*It->second : nullptr; // unset: an import cycle
  if (Depth >= MaxDepth)
    return nullptr;
  Done[Path]; // in progress
  // An input of the run is linted with its own settings as it is summarised, once.
  auto Input = Inputs.find(Path);
  const LintSettings &Settings = Input != Inputs.end() ? Input->second : Own;
  ModuleSummary Summary;
  ++Depth;
  TUResult Result = lintPythonFile(Path, Settings, /*ThroughModules=*/false, &Summary);
  --Depth;
  if (Input != Inputs.end())
    Linted[Path] = Result;
  if (Result.Failed) {
    Done.erase(Path);
    Done.emplace(Path, std::nullopt);
    return nullptr;
  }
  return &*(Done[Path] = std::move(Summary));
}

void ModuleSummaries::passed(const std::string &Path, const PassedArguments &Arguments,
                             const std::string &Caller) {
  if (Frozen)
    return;
  std::string Module = fs::path(Path).lexically_normal().string();
  PassedArguments &Into = Passed[Module];
  for (const auto &[Function, Calls] : Arguments) {
    mergeCalls(Into[Function], Calls);
    Callers[Module][Function].insert(fs::path(Caller).lexically_normal().string());
  }
}

void ModuleSummaries::defaultDevice(const std::string &Path, const Value &Device) {
  if (!Frozen)
    Defaults.emplace(fs::path(Path).lexically_normal().string(), Device);
}

const Value *ModuleSummaries::defaultDeviceOf(const std::string &Path) const {
  auto It = Defaults.find(fs::path(Path).lexically_normal().string());
  return It == Defaults.end() ? nullptr : &It->second;
}

std::vector<std::string> ModuleSummaries::inputsGivenArguments() const {
  // Only arguments that can change a finding there (a tensor, a module, a loader, a device,
  // state) are worth a second lint; a number or an object of unknown type is not.
  auto Informative = [](const Value &V) {
    return V.tensor() || V.K == Kind::Module || V.K == Kind::Loader || V.K == Kind::Device ||
           V.K == Kind::State || V.K == Kind::Scaler || !V.Elements.empty();
  };
  std::vector<std::string> Out;
  for (const auto &[Module, Functions] : Passed)
    if (Inputs.count(Module) &&
        (Defaults.count(Module) ||
         std::any_of(Functions.begin(), Functions.end(), [&](const auto &F) {
           return !F.second.HotWhy.empty() ||
                  std::any_of(F.second.Params.begin(), F.second.Params.end(),
                              [&](const auto &P) { return Informative(P.second); });
         })))
      Out.push_back(Module);
  return Out;
}

const PassedArguments *ModuleSummaries::passedTo(const std::string &Path) const {
  auto It = Passed.find(fs::path(Path).lexically_normal().string());
  return It == Passed.end() ? nullptr : &It->second;
}

std::shared_ptr<const PythonSource> ModuleSummaries::source(const std::string &File) {
  // One key however the path is spelled (an input's own lint, or an importer's summary).
  std::string Path = fs::path(File).lexically_normal().string();
  if (auto It = Sources.find(Path); It != Sources.end())
    return It->second;
  std::optional<std::string> Text = readPythonFile(Path);
  if (!Text)
    return nullptr;
  auto Parsed = std::make_shared<const PythonSource>(PythonSource::parse(std::move(*Text)));
  // A tree takes about 30 times its text: past MaxKeptText, files are parsed at each lint.
  if (KeptText + Parsed->text().size() <= MaxKeptText) {
    KeptText += Parsed->text().size();
    Sources.emplace(Path, Parsed);
  }
  return Parsed;
}

TUResult ModuleSummaries::lintWithArguments(const std::string &Path) {
  LintSettings S = Inputs.at(Path);
  S.BindPassed = true;
  Readers.erase(Path); // this lint reads every return replaced so far
  ModuleSummary Again;
  TUResult R = lintPythonFile(Path, S, /*ThroughModules=*/false, &Again);
  auto It = Done.find(Path);
  if (R.Failed || It == Done.end() || !It->second)
    return R;
  // The functions whose return changed, by the facts of what they return (a tuple's parts
  // too; reasons may differ): their callers read them again. Only the returns: what its
  // classes' objects hold is every importer's arguments merged, which an importer that feeds
  // its meter floats must not read as another's tensors.
  // A method's return its callers do not read (methodReturnRead) changes nothing there.
  const auto &Old = It->second->Returns;
  auto Read = [&](const std::string &Name, const Value &Returned) {
    auto F = Again.Functions.find(Name);
    return F == Again.Functions.end() || F->second.Name.find('.') == std::string::npos ||
           methodReturnRead(Returned);
  };
  std::set<std::string, std::less<>> Changed;
  for (const auto &[Name, Before] : Old) {
    auto After = Again.Returns.find(Name);
    if (After == Again.Returns.end()
            ? Read(Name, Before)
            : (!sameFacts(Before, After->second) || Before.Sequence != After->second.Sequence) &&
                  (Read(Name, Before) || Read(Name, After->second)))
      Changed.insert(Name);
  }
  for (const auto &Returned : Again.Returns)
    if (!Old.count(Returned.first) && Read(Returned.first, Returned.second))
      Changed.insert(Returned.first);
  if (Changed.empty())
    return R;
  if (auto Calls = Callers.find(Path); Calls != Callers.end())
    for (const auto &[Function, Files] : Calls->second)
      if (Changed.count(Function))
        Readers.insert(Files.begin(), Files.end());
  It->second->Returns = Again.Returns;
  // A package's __init__.py that re-exports them (`from .evaluate import evaluate`) holds a
  // copy under the same name, or under the module's (`evaluate.evaluate`): it changes too.
  for (const std::string &Importer : Importers[Path]) {
    auto Package = Done.find(Importer);
    if (fs::path(Importer).filename() != "__init__.py" || Package == Done.end() || !Package->second)
      continue;
    for (auto &[Name, Returned] : Package->second->Returns) {
      // "evaluate.evaluate" or "evaluate" of a function, "Averager.val" or
      // "meters.Averager.val" of a method: the longest tail the module has, not a method's
      // bare name ("val" is a function's).
      for (size_t From = 0;; From = Name.find('.', From) + 1) {
        std::string_view Tail = std::string_view(Name).substr(From);
        std::string_view Before = std::string_view(Name).substr(0, From ? From - 1 : 0);
        std::string Owner(Before.substr(Before.rfind('.') + 1));
        auto Member = Again.Functions.lower_bound(Owner + ".");
        bool OfClass = From && Member != Again.Functions.end() &&
                       Member->first.compare(0, Owner.size() + 1, Owner + ".") == 0;
        if (auto New = Again.Returns.find(Tail); New != Again.Returns.end() && !OfClass) {
          Returned = New->second;
          break;
        }
        if (Name.find('.', From) == std::string::npos)
          break;
      }
    }
  }
  return R;
}

std::vector<std::string> ModuleSummaries::inputsReadingUpdates() const {
  std::vector<std::string> Out;
  for (const std::string &File : Readers)
    if (Inputs.count(File))
      Out.push_back(File);
  return Out;
}

// The module's import statements that run when it runs: at its top level, and inside its
// top-level if/else, try and with blocks (`if args.arch == "v2": from model import
// Generator` under `if __name__ == "__main__":`); not those of its functions and classes.
static void collectImports(TSNode Block, std::vector<TSNode> &Out, unsigned Depth = 0) {
  for (TSNode N : namedChildren(Block)) {
    if (is(N, "import_statement") || is(N, "import_from_statement"))
      Out.push_back(N);
    else if (Depth < 4 && (is(N, "if_statement") || is(N, "elif_clause") || is(N, "else_clause") ||
                           is(N, "block") || is(N, "try_statement") || is(N, "except_clause") ||
                           is(N, "finally_clause") || is(N, "with_statement")))
      collectImports(N, Out, Depth + 1);
  }
}

Imported ModuleSummaries::importsOf(const std::string &File, TSNode Root, const Values &V) {
  Imported Out;
  const std::string Importer = fs::path(File).lexically_normal().string();
  std::vector<TSNode> Imports;
  collectImports(Root, Imports);
  for (TSNode N : Imports) {
    if (is(N, "import_statement")) { // import a.b, import a.b as c
      for (TSNode A : namedChildren(N)) {
        bool Aliased = is(A, "aliased_import");
        std::string Dotted(V.text(Aliased ? field(A, "name") : A));
        std::string Local = Aliased ? std::string(V.text(field(A, "alias"))) : Dotted;
        if (std::string Path = resolve(File, 0, Dotted); !Path.empty())
          if (const ModuleSummary *M = (Importers[Path].insert(Importer), summaryOf(Path)))
            addNames(*M, Local + ".", Out);
      }
      continue;
    }
    if (!is(N, "import_from_statement"))
      continue;
    // from [..]pkg.mod import a, b as c / import *
    TSNode Module = field(N, "module_name");
    unsigned Level = 0;
    std::string Dotted(V.text(Module));
    if (is(Module, "relative_import")) {
      Level = static_cast<unsigned>(Dotted.find_first_not_of('.'));
      if (Level == static_cast<unsigned>(std::string::npos))
        Level = static_cast<unsigned>(Dotted.size());
      Dotted = Dotted.substr(Level);
    }
    std::string Path = resolve(File, Level, Dotted);
    const ModuleSummary *M =
        Path.empty() ? nullptr : (Importers[Path].insert(Importer), summaryOf(Path));
    for (TSNode A : namedChildren(N)) {
      if (ts_node_eq(A, Module))
        continue;
      if (is(A, "wildcard_import")) {
        if (M)
          addNames(*M, "", Out);
        continue;
      }
      bool Aliased = is(A, "aliased_import");
      std::string Name(V.text(Aliased ? field(A, "name") : A));
      std::string Local = Aliased ? std::string(V.text(field(A, "alias"))) : Name;
      if (M)
        addName(*M, Name, Local, Out);
      // from pkg import mod: a module of the package, used as mod.name.
      if (std::string Sub = resolve(File, Level, Dotted.empty() ? Name : Dotted + "." + Name);
          !Sub.empty() && Sub != Path)
        if (const ModuleSummary *S = summaryOf(Sub))
          addNames(*S, Local + ".", Out);
    }
  }
  return Out;
}

} // namespace hostsync::python
