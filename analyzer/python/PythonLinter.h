// The Python front end's walk of one file (python/PythonLint.cpp runs it to a fixpoint):
// the Linter class, whose parts are defined in PythonLintReport.cpp (a finding, a call of
// the project), PythonLintStatements.cpp (statements, assignments, branches),
// PythonLintExpressions.cpp (expressions, subscripts, truth) and PythonLintCalls.cpp (the
// rules of a call). Internal to the front end.
#pragma once

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
#include <functional>
#include <map>
#include <set>
#include <vector>

namespace hostsync::python {

// A CUDA device, for the reason given.
Value cudaDevice(std::string Why);
// "a CUDA tensor", or "a tensor that may be on CUDA".
std::string phrase(Place P);
// The same of a list of tensors.
std::string listPhrase(Place P);

class Linter {
public:
  // Given: what the file's calls passed its functions in the previous walk; Seen receives
  // this walk's. Out receives the walk's findings and calls.
  // Functions: the imported modules' functions, by the names the file calls them.
  Linter(const std::string &File, const std::string &Text, const LintSettings &Settings,
         const Ranks &R, const Values &V, TUResult &Out, const WalkInputs &Given,
         CallArguments &Seen, const std::map<std::string, FunctionRef, std::less<>> &Functions)
      : File(File), Text(Text), Settings(Settings), R(R), V(V), Out(Out), Given(Given), Seen(Seen),
        Functions(Functions), Suppressions(Text, SuppressionIndex::Comments::Python),
        CpuProgram(Text.find("cuda") == std::string::npos &&
                   Text.find("device") == std::string::npos &&
                   Text.find(".to(") == std::string::npos &&
                   (Text.find("__name__ == \"__main__\"") != std::string::npos ||
                    Text.find("__name__ == '__main__'") != std::string::npos)) {
    for (const auto &[Name, F] : Functions)
      if (F.Name.find('.') != std::string::npos) // Class.method
        ImportedMethods.emplace(lastPart(Name));
  }

  // Every statement of Block in order, learning names in S.
  void block(TSNode Block, Scope &S);
  // Records a call of a function of the project for the project pass, which gives the call
  // a finding when the function syncs inside (model/CallFindings.h).
  void projectCall(TSNode Call, const Scope &S);
  // One ProjectCall of Call to the function Callee (its key), named Name.
  void projectCall(TSNode Call, const std::string &Callee, const std::string &Name,
                   const std::vector<std::string> &Params, bool Method, bool OneOfSeveral,
                   const Scope &S);
  // A function's body, its parameters bound to what the calls gave them.
  void function(TSNode Def, Scope &Local) {
    Given.bind(Def, Local, V);
    CurrentDef = Def;
    std::vector<TSNode> Outer = std::move(Guards);
    Guards.clear();
    block(field(Def, "body"), Local);
    Guards = std::move(Outer);
    CurrentDef = TSNode{};
    // What it assigned to the module's names it declares global (`global device`, then
    // `device = torch.device("cuda")` in main()): the module's, for the next walk.
    std::vector<std::string> Declared;
    if (AnyGlobal && V.text(Def).find("global ") != std::string_view::npos)
      declaredGlobal(field(Def, "body"), Declared);
    for (const std::string &Name : Declared)
      if (auto It = Local.Names.find(Name); It != Local.Names.end()) {
        Value Written = ownedHere(It->second); // the module's, not this function's
        auto [At, First] = GlobalWrites.emplace(Name, Written);
        if (!First)
          At->second = merge(At->second, Written);
      }
  }
  // The module's names that functions assigned under a global statement, merged.
  const std::map<std::string, Value, std::less<>> &globalWrites() const { return GlobalWrites; }
  const std::vector<std::string> &errors() const { return Suppressions.errors(); }

private:
  // The names N's global statements declare, outside the functions and classes it defines.
  void declaredGlobal(TSNode N, std::vector<std::string> &Names) const {
    for (TSNode C : namedChildren(N)) {
      if (is(C, "global_statement"))
        for (TSNode Name : namedChildren(C))
          Names.emplace_back(V.text(Name));
      else if (!is(C, "function_definition") && !is(C, "class_definition") &&
               !is(C, "decorated_definition") && ts_node_named_child_count(C) > 0 &&
               !is(C, "expression_statement"))
        declaredGlobal(C, Names);
    }
  }
  std::map<std::string, Value, std::less<>> GlobalWrites;
  void statement(TSNode N, Scope &S);
  void expression(TSNode E, const Scope &S);
  void truth(TSNode E, const Scope &S);   // E's truth is read: bool(E)
  void branches(TSNode If, Scope &S);     // an if statement's branches, merged after it
  void registered(TSNode Call, Scope &S); // self.register_buffer("name", t) binds self.name
  void appended(TSNode Call, Scope &S);   // res.append(t), res.extend(ts): a list of such tensors
  // Item added to the list List holds (appended, or Extend: the items of a list of them).
  void added(TSNode List, Value Item, bool Extend, Scope &S);
  std::optional<std::pair<TSNode, const char *>> numberRead(TSNode Call, std::string_view Name,
                                                            bool Method, const Value &Self,
                                                            const Scope &S) const;
  void sliceBounds(TSNode Subscript, const Scope &S); // x[:n] of a tensor n reads n
  void oldItem(TSNode Subscript, const Scope &S);     // loss.data[0]: PyTorch 0.3's item()
  // "element", "index" or null: how a number written at Left is copied from the host.
  const char *numberCopied(TSNode Left, const Value &Target, const Scope &S) const;
  int integerIndexes(TSNode Subscript, const Scope &S) const; // t[i, j]: 2; -1: not all ints
  bool maskIndexed(TSNode Subscript, const Scope &S) const;   // t[mask], reg[:, mask]
  void elementIndex(TSNode Subscript, const Value &Target, const Scope &S); // chars[t[i]]
  void membership(TSNode Comparison, const Scope &S);                       // bno in positives
  // A hostsync-item finding of an element of a tensor read on the host, with its fix.
  void elementRead(TSNode At, const char *Op, const Value &Element, std::string Message);
  // A for's variable, Name, over a tensor's elements.
  bool loopElement(TSNode Inside, std::string_view Name, const Scope &S) const;
  void narrow(TSNode Condition, Scope &S); // isinstance(x, int): x is no tensor under it
  // Condition tests whether CUDA is used: true (its branch is CUDA's), false (its branch is
  // the host's), none.
  std::optional<bool> cudaTest(TSNode Condition) const;
  void meterUpdated(TSNode Call, Scope &S); // meter.update(t): meter.val/avg/sum are tensors
  void listIndex(TSNode Subscript, const Value &Target, const Scope &S); // t[range(n), y]
  // Left = Right (Plain) or Left op= Right, Left a subscript given Written: a mask write, a
  // copy between the host and the device, an entry of a dict of state. Right: null for a
  // part of a tuple's.
  void written(TSNode Left, const Value &Written, TSNode Right, bool Plain, Scope &S);
  // Left, a subscript, replaces a dict's entry: false, one (a key of strings); true, each in
  // turn (the key of a loop over the same dict); none: not known to be a dict's.
  std::optional<bool> dictEntry(TSNode Left) const;
  void movedInPlace(TSNode Call, Scope &S); // model.cuda(): a module moves itself
  // Binds a loop's target (for Left in Iter, or a comprehension's) to Iter's elements.
  void call(TSNode Call, const Scope &S);
  // text.format(...) of a tensor, or of an object or self holding one (hostsync-print-tensor).
  void formatted(TSNode Call, const Scope &S);
  // Fix: the note, when not the rule's Python fix from the catalog.
  // Edits and Condition: the rewrite, as Finding::Replacements and FixCondition have it.
  struct Rewrite {
    std::vector<Replacement> Edits;
    std::string Condition;
  };
  // Where the op's tensor is, and why; the parameters its place came through.
  struct OpPlace {
    Place Where = Place::Unknown;
    std::string Why;
    uint32_t FromParams = 0;
    OpPlace(Place Where, std::string Why, uint32_t FromParams = 0)
        : Where(Where), Why(std::move(Why)), FromParams(FromParams) {}
    OpPlace(const Value &V) : Where(V.Where), Why(V.Why), FromParams(V.FromParams) {}
  };
  void report(TSNode At, const char *Rule, std::string Op, OpPlace Of, std::string Message,
              std::string Fix = "", Rewrite Edit = {});
  // Is the walk under a condition (an if's, or a conditional expression's, in the current
  // function) that reads one of its parameters (self aside) as a flag? A call's argument
  // then decides whether what it walks runs (`if sync: torch.cuda.synchronize()`). A loop
  // bounded by a parameter (`while i < steps:`) runs its body all the same.
  bool guardedByParameter() const;
  std::vector<TSNode> Guards; // the conditions whose branches the walk is in
  // Why, for each branch the walk is in that runs only where CUDA is off (cudaTest): "the
  // branch of `if not use_cuda:` at line 12, which runs without CUDA".
  std::vector<std::string> HostBranch;
  // The function of an imported module that Call calls: f(...) and mod.f(...), a class's
  // constructor, obj.m(...) and obj(...) (its __call__) of an object of an imported class;
  // null for none.
  // The imported functions a call may run: one, or a method of each class an object may be
  // of.
  std::vector<const FunctionRef *> importedCallees(TSNode Call, const Scope &S) const;
  // The tensors Call passes to a callee with these parameters (self first for a Method,
  // which the receiver binds): each with its device and the caller's parameters it came
  // through (ProjectCall::Argument).
  std::vector<ProjectCall::Argument> callArguments(TSNode Call,
                                                   const std::vector<std::string> &Params,
                                                   bool Method, const Scope &S) const;
  // `.to(device)` / `.cuda()` of a pinned tensor: non_blocking=True added (exact: the same
  // copy, queued). Nothing where the call passes *args or **kwargs, or non_blocking already.
  Rewrite nonBlocking(TSNode Call) const;
  // torch.linalg.inv(A) -> torch.linalg.inv_ex(A).inverse, cholesky -> cholesky_ex(A).L,
  // solve -> solve_ex(A, B).result, torch.inverse -> torch.linalg.inv_ex: the same result
  // without the check, so only where every input is valid (--fix-notes).
  Rewrite uncheckedLinalg(TSNode Call, std::string_view Name) const;

  const std::string &File, &Text;
  bool AnyGlobal = Text.find("global ") != std::string::npos; // a global statement anywhere
  const LintSettings &Settings;
  const Ranks &R;
  const Values &V;
  TUResult &Out;
  const WalkInputs &Given;
  CallArguments &Seen;
  const std::map<std::string, FunctionRef, std::less<>> &Functions;
  // The names of the imported classes' methods ("__init__", "update", "__call__"): a call
  // of another name is no call of one, and its receiver need not be evaluated.
  std::set<std::string, std::less<>> ImportedMethods;
  TSNode CurrentDef{}; // the function being walked (its returns are recorded)
  SuppressionIndex Suppressions;
  // A program (it runs as __main__) that names neither CUDA nor a device anywhere, nor moves
  // a tensor (.to(dist_util.dev()) names a device another module makes): its tensors are on
  // the CPU. A module without a __main__ may be given CUDA tensors.
  bool CpuProgram;
};

} // namespace hostsync::python
