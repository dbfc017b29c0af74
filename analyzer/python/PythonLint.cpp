#include "python/PythonLint.h"
#include "python/PythonGuesses.h"

#include "python/PythonCalls.h"
#include "python/PythonLibraryCalls.h"
#include "python/PythonModules.h"
#include "python/PythonRanks.h"
#include "python/PythonSource.h"
#include "python/PythonValues.h"

#include "core/Suppressions.h"
#include "model/SyncTable.h"
#include "model/FindingBuilder.h"
#include "rules/Catalog.h"

#include "common/Lines.h"

#include <tree_sitter/api.h>

#include <algorithm>
#include <cassert>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "python/PythonLinter.h"

namespace hostsync::python {

namespace {
// Deeper than this, a file is not analysed: CPython itself refuses 200 nested brackets, and
// the expressions are read recursively.
constexpr unsigned MaxNesting = 1000;
// Walks that learn what calls pass, before the one that reports: a chain of calls deeper
// than this is followed this far.
constexpr int MaxWalks = 8;
} // namespace

namespace {
// A function's names once its walk is done, as the functions defined in it read them
// (closures): its parameters' bits are not theirs.
void forgetParameters(Scope &S) {
  for (auto &[Name, Val] : S.Names)
    if (throughParameters(Val))
      Val = ownedHere(std::move(Val));
}

bool sameNames(const std::map<std::string, Value, std::less<>> &A,
               const std::map<std::string, Value, std::less<>> &B,
               bool (*Same)(const Value &, const Value &)) {
  return std::equal(A.begin(), A.end(), B.begin(), B.end(), [&](const auto &X, const auto &Y) {
    return X.first == Y.first && Same(X.second, Y.second);
  });
}

// Two walks' class attributes, each compared by Same (kinds and places, or every field).
bool sameAttributes(const std::map<std::string, Scope, std::less<>> &A,
                    const std::map<std::string, Scope, std::less<>> &B,
                    bool (*Same)(const Value &, const Value &)) {
  return std::equal(A.begin(), A.end(), B.begin(), B.end(), [&](const auto &X, const auto &Y) {
    return X.first == Y.first && sameNames(X.second.Names, Y.second.Names, Same);
  });
}

bool sameKindAndPlace(const Value &A, const Value &B) { return A.K == B.K && A.Where == B.Where; }

// A value as another file reads it: its reason names File's line ("`.cuda()` at
// settings.py:3"), not a line of the importer.
std::string seenIn(std::string Why, const std::string &File) {
  std::string Base = File.substr(File.rfind('/') + 1);
  for (size_t At = Why.find(" at line "); At != std::string::npos;
       At = Why.find(" at line ", At + 1))
    Why.replace(At, 9, " at " + Base + ":");
  return Why;
}

Value seenIn(Value V, const std::string &File) {
  V.Why = seenIn(std::move(V.Why), File);
  for (Value &Part : V.Elements)
    Part = seenIn(std::move(Part), File);
  return V;
}

// Whether a file's calls (those Calls saw) give the methods of an imported class tensors
// where a method's return is: an importer that does reads that return.
struct ClassGiven {
  std::string Path, Class; // the class's module, and "Class." its methods' names start with
  Place Where;
  bool Answer; // as the walk asked it
};
bool givesTensors(const CallArguments &Calls, const ClassGiven &Q) {
  auto Path = Calls.imported().find(Q.Path);
  if (Path == Calls.imported().end())
    return false;
  for (auto M = Path->second.lower_bound(Q.Class);
       M != Path->second.end() && M->first.compare(0, Q.Class.size(), Q.Class) == 0; ++M)
    for (const auto &[Param, Passed] : M->second.Params)
      if (Passed.tensor() && Passed.Where == Q.Where)
        return true;
  return false;
}

// Lints Text, and learns what the module gives its importers into Export (when given).
TUResult analyse(const std::string &File, const PythonSource &Source, const LintSettings &Settings,
                 ModuleSummary *Export) {
  TUResult Out;
  Out.File = File;
  // A Python file is a program of its own: it says nothing of whether the project's C++
  // program names CUDA (a CPU-only program across files, docs/lint.md), whatever it does.
  Out.Facts.NamesCuda = false;
  Out.Facts.PythonFile = File;
  {
    std::string_view T = Source.text();
    auto Says = [&](std::string_view Word) { return T.find(Word) != std::string_view::npos; };
    Out.Facts.PythonNamesDevice = Says("cuda") || Says("device") || Says(".to(") ||
                                  Says("ccelerat") || Says("lightning") || Says("Lightning");
    // A program: a __main__ guard, or a loop or the parsing of its options at the top level
    // (a script's `for i_episode in count(1):`, `args = parser.parse_args()`).
    Out.Facts.PythonProgram = Says("__main__") || T.substr(0, 4) == "for " ||
                              T.substr(0, 6) == "while " || Says("\nfor ") || Says("\nwhile ") ||
                              Says("\nargs = parser.parse_args(");
  }
  NodeMemo Nodes(Source.text().size()); // this file's, while it is analysed
  auto NotAnalysed = [&](unsigned Line, unsigned Column, const std::string &What) {
    Out.Failed = true;
    Out.Errors = 1;
    Out.FirstError = File + ":" + std::to_string(Line) + ":" + std::to_string(Column) + ": " + What;
    return Out;
  };
  if (const auto &P = Source.problem())
    return NotAnalysed(P->Line, P->Column, P->What);
  TSNode Root = ts_tree_root_node(Source.tree());
  Values V(Source.text());
  V.readImports(Root);
  // A CUDA default device the file sets, or one a program importing it sets (for the
  // second lint: ModuleSummaries::defaultDevice).
  V.readDefaultDevice(Root);
  if (const Value *D = Settings.BindPassed && Settings.Modules && V.DefaultDevice.K != Kind::Device
                           ? Settings.Modules->defaultDeviceOf(File)
                           : nullptr) {
    V.DefaultDevice = *D;
    V.DefaultFromImporter = true;
  }
  // What the files importing this one pass to its functions, and where they call them.
  const PassedArguments *PassedIn =
      Settings.BindPassed && Settings.Modules ? Settings.Modules->passedTo(File) : nullptr;
  std::map<std::string, std::string, std::less<>> HotFromImporters;
  if (PassedIn)
    for (const auto &[Function, Calls] : *PassedIn)
      if (!Calls.HotWhy.empty())
        HotFromImporters.emplace(Function, Calls.HotWhy);
  Ranks R(Root, V, HotFromImporters); // its walks keep their own stacks, however deep
  if (unsigned Depth = R.nesting(); Depth > MaxNesting)
    return NotAnalysed(1, 1,
                       "nested " + std::to_string(Depth) + " levels deep (at most " +
                           std::to_string(MaxNesting) + " are read)");
  V.ModuleClasses = R.moduleClasses();
  // The project's modules the file imports: their values, results and module classes.
  Imported From = Settings.Modules ? Settings.Modules->importsOf(File, Root, V) : Imported();
  V.ModuleClasses.insert(From.ModuleClasses.begin(), From.ModuleClasses.end());
  for (const ClassInfo &C : R.classes())
    if (!C.Module)
      V.Classes.insert(C.Name);
  for (const auto &Imported : From.Objects) // data.Corpus, of an imported module
    V.Classes.insert(Imported.first);
  // What each class's methods set on self, as the previous walk left it (the imported
  // classes': as their module's summary has it).
  // A class the previous walk did not reach is read as this walk has learnt it so far
  // (Learning), and each read is kept (AttributeReads) as WalkInputs keeps its: by the class's
  // count of merged methods then, or Before when read from Attributes.
  std::map<std::string, Scope, std::less<>> Attributes;
  std::map<std::string, Scope, std::less<>> *Learning = nullptr;
  std::map<std::string, unsigned, std::less<>> Merges, AttributeReads;
  constexpr unsigned Before = ~0u, Stale = ~0u - 1;
  std::set<std::string, std::less<>> OwnClasses;
  for (const ClassInfo &C : R.classes())
    OwnClasses.insert(C.Name);
  V.AttributesOf =
      [&](const std::string &Class) -> const std::map<std::string, Value, std::less<>> * {
    if (auto C = Attributes.find(Class); C != Attributes.end()) {
      AttributeReads[Class] = Before;
      return &C->second.Names;
    }
    if (Learning && OwnClasses.count(Class)) {
      unsigned Count = Merges[Class];
      if (auto [It, First] = AttributeReads.emplace(Class, Count); !First && It->second != Count)
        It->second = Stale;
      auto C = Learning->find(Class);
      return C == Learning->end() ? nullptr : &C->second.Names;
    }
    auto I = From.Objects.find(Class);
    return I == From.Objects.end() ? nullptr : &I->second;
  };
  // Walks learn what the file's calls pass its functions, each binding what the previous
  // one saw, until one learns nothing new (a chain of calls N deep takes N walks; at most
  // MaxWalks); the last walk's findings are the file's.
  // What the files importing this one pass to its functions: each one call more of them.
  auto SeedPassed = [&](CallArguments &A) {
    if (!PassedIn)
      return;
    for (TSNode Function : R.freeFunctions())
      if (auto It = PassedIn->find(V.text(field(Function, "name"))); It != PassedIn->end())
        A.seed(Function, It->second.Params);
    for (const ClassInfo &C : R.classes())
      for (TSNode Method : C.Methods)
        if (auto It = PassedIn->find(C.Name + "." + std::string(V.text(field(Method, "name"))));
            It != PassedIn->end())
          A.seed(Method, It->second.Params);
  };
  CallArguments Given;
  SeedPassed(Given);
  const WalkInputs *Inputs = nullptr;   // the walk's
  std::vector<ClassGiven> ClassesGiven; // the walk's questions of the previous one's
  std::map<std::string, Value, std::less<>> GlobalWrites; // as the previous walk left them
  std::vector<std::string> Errors;
  // What a call returns: what its callee returns, placed by this call's arguments where
  // it came through the callee's parameters.
  V.Returned = [&](TSNode Call, const Scope &S) -> std::optional<Value> {
    bool Method = false;
    TSNode Def = R.calleeOf(Call, Method);
    if (ts_node_is_null(Def))
      Def = methodOfObject(Call, S, V, R, Method); // meter.update(...), of a file's class
    if (ts_node_is_null(Def)) { // a function of an imported module: f(...), mod.f(...)
      std::string Callee = calleeText(V, Call);
      auto It = From.Returns.find(Callee);
      if (It == From.Returns.end()) { // meter.val(), of an imported class's object
        Callee = importedMethod(Call, S, V);
        It = Callee.empty() ? From.Returns.end() : From.Returns.find(Callee);
      }
      if (It == From.Returns.end())
        return std::nullopt;
      auto F = From.Functions.find(Callee);
      if (F == From.Functions.end())
        return ownedHere(It->second);
      // A method's, when it says more than a call of an object's method does: not a
      // logger's log_every(loader), read as the loader it iterates. What it makes of its
      // object's state holds every importer's arguments merged: read when it comes through
      // this call's parameters, or when this file itself gives the class's methods tensors
      // where it is (an evaluation that feeds its meter floats does not read the training
      // script's CUDA ones).
      if (F->second.Name.find('.') != std::string::npos) {
        if (!methodReturnRead(It->second))
          return std::nullopt;
        std::string Class = F->second.Name.substr(0, F->second.Name.rfind('.') + 1);
        if (!throughParameters(It->second)) {
          // As the previous walk saw this file's calls (kept: the walk's end asks again).
          ClassGiven Asked{F->second.Path, Class, It->second.Where, false};
          Asked.Answer = givesTensors(Given, Asked);
          ClassesGiven.push_back(Asked);
          if (!Asked.Answer)
            return std::nullopt;
        }
      }
      if (!throughParameters(It->second))
        return It->second;
      std::vector<std::string> Params = F->second.Params;
      bool Member = F->second.Name.find('.') != std::string::npos;
      if (Member)
        Params.insert(Params.begin(), "self");
      return throughArguments(It->second, Call, Params, Member, S, V);
    }
    // C(...) is the object built, whatever its __init__ returns.
    const Value *Returned = Inputs->returned(Def);
    if (!Returned || (Method && V.text(field(Def, "name")) == "__init__"))
      return std::nullopt;
    if (!throughParameters(*Returned))
      return *Returned;
    return throughArguments(*Returned, Call, parameterNames(Def, V), Method, S, V);
  };
  for (int Walk = 0;; ++Walk) {
    bool Last = Walk == MaxWalks;
    CallArguments Seen;
    SeedPassed(Seen);
    // Every walk reports, into its own result: a walk whose results equal its inputs, every
    // field, is the last one (the walk after it would be the same walk), which saves the
    // walk that only repeated it (a third of the front end's time).
    TUResult Report = Out;
    WalkInputs Read(Given, Seen);
    Inputs = &Read;
    std::map<std::string, Scope, std::less<>> Learnt;
    Learning = &Learnt;
    Merges.clear();
    AttributeReads.clear();
    ClassesGiven.clear();
    Linter L(File, Source.text(), Settings, R, V, Report, Read, Seen, From.Functions);
    // The module's statements, then each class's methods (its __init__ first, so that
    // self.x is known), then each function; each scope sees the module's names (the
    // imported ones first).
    Scope Globals;
    Globals.Names.insert(From.Globals.begin(), From.Globals.end());
    L.block(Root, Globals);
    // What the functions assign to the module's names (the previous walk's): they run after
    // the module's statements, so its functions see either.
    for (const auto &[Name, Written] : GlobalWrites) {
      auto [It, First] = Globals.Names.emplace(Name, Written);
      if (!First)
        It->second = merge(It->second, Written);
    }
    std::map<uint32_t, Scope> MethodScopes; // for the functions defined inside methods
    for (const auto &Class : R.classes()) {
      Scope &Attributes = Learnt[Class.Name];
      // What a torch.nn base's __init__ sets (nn.Transformer's self.encoder), until the
      // class's own methods set it.
      std::map<std::string, Value, std::less<>> Inherited = inheritedAttributes(Class.Bases);
      Attributes.Names.insert(Inherited.begin(), Inherited.end());
      ++Merges[Class.Name];
      for (TSNode Method : Class.Methods) {
        Scope &Local = MethodScopes[ts_node_start_byte(Method)];
        Local.Class = &Attributes;
        Local.Globals = &Globals;
        L.function(Method, Local);
        // self.x as every method left it (self.best = None in __init__, a tensor later).
        for (auto &[Name, Held] : Local.Names)
          if (Name.compare(0, 5, "self.") == 0) {
            Value Val = ownedHere(Held); // the object's, read by its other methods
            auto [It, First] = Attributes.Names.emplace(Name, Val);
            if (!First && Inherited.erase(Name))
              It->second = Val;
            else if (!First)
              It->second = merge(It->second, Val);
          }
        ++Merges[Class.Name];
        forgetParameters(Local); // what functions defined in it read
      }
    }
    // Each function's names as its walk left them: a function defined inside another sees
    // them (a closure reads the enclosing function's variables when it runs).
    std::map<uint32_t, Scope> Finished;
    for (TSNode Function : R.freeFunctions()) {
      Scope &Local = Finished[ts_node_start_byte(Function)];
      Local.Globals = &Globals;
      for (TSNode P = parentOf(Function); !ts_node_is_null(P); P = parentOf(P))
        if (is(P, "function_definition")) {
          if (auto It = Finished.find(ts_node_start_byte(P)); It != Finished.end())
            Local.Globals = &It->second;
          else if (auto M = MethodScopes.find(ts_node_start_byte(P)); M != MethodScopes.end())
            Local.Globals = &M->second;
          break;
        }
      L.function(Function, Local);
      forgetParameters(Local); // what functions defined in it read
    }
    // Every read gave what the walk ended with: a walk binding that would repeat this one.
    auto AttributesReadFinal = [&] {
      for (const auto &[Class, Count] : AttributeReads) {
        auto Ended = Learnt.find(Class);
        if (Count == Before ? Ended == Learnt.end() || !sameNames(Attributes.at(Class).Names,
                                                                  Ended->second.Names, sameValue)
                            : Count != Merges[Class])
          return false;
      }
      return true;
    };
    bool Repeats =
        Read.readWhatItEndedWith(sameValue) && AttributesReadFinal() &&
        std::all_of(ClassesGiven.begin(), ClassesGiven.end(),
                    [&](const ClassGiven &C) { return givesTensors(Seen, C) == C.Answer; }) &&
        sameNames(L.globalWrites(), GlobalWrites, sameValue);
    Last = Last || Repeats;
    if (Last) {
      // What the module exports: what the walk ended with when it repeats itself, else (the
      // walks ran out) what the last one bound.
      const CallArguments &Ended = Repeats ? Seen : Given;
      const auto &EndedAttributes = Repeats ? Learnt : Attributes;
      Out = std::move(Report);
      Errors = L.errors();
      if (Settings.Modules) // what this file passed to other files' functions, for them
        for (const auto &[Path, Arguments] : Seen.imported()) {
          // A program's CUDA default device holds in the modules whose functions it calls.
          if (V.DefaultDevice.K == Kind::Device)
            Settings.Modules->defaultDevice(Path, seenIn(V.DefaultDevice, File));
          PassedArguments Here = Arguments;
          for (auto &Function : Here) {
            for (auto &Param : Function.second.Params)
              Param.second = seenIn(std::move(Param.second), File);
            Function.second.HotWhy = seenIn(Function.second.HotWhy, File);
          }
          Settings.Modules->passed(Path, Here, File);
        }
      if (Export) {
        for (const auto &[Name, Val] : Globals.Names)
          if (!From.Globals.count(Name) && Name.find('.') == std::string::npos)
            Export->Globals.emplace(Name, seenIn(Val, File));
        for (TSNode Function : R.freeFunctions())
          if (const Value *Returned = Ended.returned(Function))
            Export->Returns.emplace(std::string(V.text(field(Function, "name"))),
                                    seenIn(*Returned, File));
        // What its classes' methods return, by "Class.method" (an importer's meter.val());
        // not a static method's, which calls of it through the class read as the class's.
        for (const ClassInfo &C : R.classes())
          for (TSNode Method : C.Methods)
            if (const Value *Returned = Ended.returned(Method);
                Returned && V.text(field(Method, "name")) != "__init__" && !staticMethod(Method, V))
              Export->Returns.emplace(C.Name + "." + std::string(V.text(field(Method, "name"))),
                                      seenIn(*Returned, File));
        for (TSNode Function : R.freeFunctions()) {
          std::string Name(V.text(field(Function, "name")));
          Export->Functions.emplace(Name, FunctionRef{File, Name, parameterNames(Function, V)});
        }
        for (const ClassInfo &C : R.classes()) // C(...) calls C.__init__, self passed
          if (TSNode Init = R.methodOf(C.Name, "__init__"); !ts_node_is_null(Init)) {
            std::vector<std::string> Params = parameterNames(Init, V);
            if (!Params.empty())
              Params.erase(Params.begin());
            Export->Functions.emplace(C.Name, FunctionRef{File, C.Name + ".__init__", Params});
          }
        // An object's methods, self left out: obj.m(...) and obj(...) (__call__) of an
        // object the importer built; a module's too (model(x) runs its forward).
        for (const ClassInfo &C : R.classes())
          for (TSNode Method : C.Methods)
            if (std::string M(V.text(field(Method, "name"))); M != "__init__") {
              std::vector<std::string> Params = parameterNames(Method, V);
              if (staticMethod(Method, V))
                continue; // called as Class.m(...) or obj.m(...) with no self: not read
              if (!Params.empty())
                Params.erase(Params.begin());
              Export->Functions.emplace(C.Name + "." + M,
                                        FunctionRef{File, C.Name + "." + M, Params});
            }
        Export->ModuleClasses = R.moduleClasses();
        for (const ClassInfo &C : R.classes())
          if (auto It = EndedAttributes.find(C.Name); !C.Module && It != EndedAttributes.end())
            for (const auto &[Name, Val] : It->second.Names)
              Export->Objects[C.Name].emplace(Name, seenIn(Val, File));
        // What a package's __init__.py imported is its own too, after its own names: it
        // re-exports its modules' (from .build import build_model), and `from models import
        // build_model` reads them there. (Only there: every module's summary holding all it
        // imports would grow with each import level.)
        if (std::filesystem::path(File).filename() == "__init__.py")
          addNames(From, "", *Export);
      }
      break;
    }
    if (Seen.equal(Given, sameFacts) && sameAttributes(Learnt, Attributes, sameKindAndPlace) &&
        sameNames(GlobalWrites, L.globalWrites(), sameFacts))
      Walk = MaxWalks - 1; // nothing new: the next walk is the last
    Given = std::move(Seen);
    Attributes = std::move(Learnt);
    GlobalWrites = L.globalWrites();
  }
  Learning = nullptr; // the walks' locals are gone
  Inputs = nullptr;
  Out.Parsed = true;
  Out.SourceErrors = Errors;
  Out.Errors = static_cast<unsigned>(Out.SourceErrors.size());
  return Out;
}
} // namespace

std::optional<std::string> readPythonFile(const std::string &File) {
  std::ifstream In(File, std::ios::binary);
  std::stringstream Text;
  if (In && (Text << In.rdbuf()))
    return Text.str();
  if (In && In.peek() == std::char_traits<char>::eof()) // empty: nothing to lint
    return std::string();
  return std::nullopt;
}

TUResult lintPythonText(const std::string &File, const std::string &Text,
                        const LintSettings &Settings) {
  return analyse(File, PythonSource::parse(Text), Settings, nullptr);
}

TUResult lintPythonFile(const std::string &File, const LintSettings &Settings, bool ThroughModules,
                        ModuleSummary *Export) {
  if (Settings.Modules && ThroughModules)
    return Settings.Modules->lint(File, Settings);
  std::shared_ptr<const PythonSource> Source;
  if (Settings.Modules)
    Source = Settings.Modules->source(File);
  else if (std::optional<std::string> Text = readPythonFile(File))
    Source = std::make_shared<const PythonSource>(PythonSource::parse(std::move(*Text)));
  if (!Source) {
    TUResult Out;
    Out.File = File;
    Out.Failed = true;
    Out.FirstError = File + ": cannot be read";
    return Out;
  }
  return analyse(File, *Source, Settings, Export);
}

} // namespace hostsync::python
