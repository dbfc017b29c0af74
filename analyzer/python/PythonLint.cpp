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

namespace hostsync::python {

namespace {
// Deeper than this, a file is not analysed: CPython itself refuses 200 nested brackets, and
// the expressions are read recursively.
constexpr unsigned MaxNesting = 1000;
// Walks that learn what calls pass, before the one that reports: a chain of calls deeper
// than this is followed this far.
constexpr int MaxWalks = 8;

Value cudaDevice(std::string Why) {
  Value D;
  D.K = Kind::Device;
  D.Where = Place::Cuda;
  D.Why = std::move(Why);
  return D;
}

std::string phrase(Place P) {
  return P == Place::Cuda ? "a CUDA tensor" : "a tensor that may be on CUDA";
}

std::string listPhrase(Place P) {
  return P == Place::Cuda ? "a list of tensors on CUDA" : "a list of tensors that may be on CUDA";
}

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

bool Linter::guardedByParameter() const {
  if (ts_node_is_null(CurrentDef) || Guards.empty())
    return false;
  std::vector<std::string> Params = parameterNames(CurrentDef, V);
  if (!Params.empty() && Params.front() == "self")
    Params.erase(Params.begin());
  if (Params.empty())
    return false;
  // Does N read a parameter as a flag: a name (`if sync:`, `if step % every == 0:`) or an
  // option of one (`opts.sync`)? Not a test of what a tensor or object is (`x is None`,
  // `x.dim() == 3`, `isinstance(x, ...)`: calls are not read), which a caller's tensor
  // passes whatever it holds.
  // A flag on by default (`update_grad=True`) guards nothing: the sync runs unless a caller
  // turns it off, as most leave it (a vision trainer's loss scaler steps its GradScaler under it).
  auto OnByDefault = [&](std::string_view Name) {
    for (TSNode P : namedChildren(field(CurrentDef, "parameters")))
      if ((is(P, "default_parameter") || is(P, "typed_default_parameter")) &&
          V.text(field(P, "name")) == Name)
        return V.text(field(P, "value")) == "True";
    return false;
  };
  std::function<bool(TSNode)> Reads = [&](TSNode N) {
    if (is(N, "identifier"))
      return std::find(Params.begin(), Params.end(), V.text(N)) != Params.end() &&
             !OnByDefault(V.text(N));
    if (is(N, "attribute"))
      return Reads(field(N, "object"));
    if (is(N, "call") || is(N, "lambda"))
      return false;
    if (is(N, "comparison_operator") && V.text(N).find(" is ") != std::string_view::npos &&
        V.text(N).find("None") != std::string_view::npos)
      return false;
    for (TSNode C : namedChildren(N))
      if (Reads(C))
        return true;
    return false;
  };
  return std::any_of(Guards.begin(), Guards.end(), Reads);
}

void Linter::report(TSNode At, const char *Rule, std::string Op, OpPlace Of, std::string Message,
                    std::string Fix, Rewrite Edit) {
  // A rule id the catalog does not hold would be dropped without a word: a build with asserts
  // stops on it (scripts/check-rule-ids.py finds it in the sources beforehand).
  assert(Catalog::embedded().find(Rule) && "a rule id that is not in rules/catalog.json");
  if (!Settings.EnabledRules.count(Rule))
    return;
  // Code in the branch a test of CUDA gives the host (`else:` of `if self.gpu_mode:`, `if
  // args.cpu:`) runs only where CUDA is off: its tensors are on the host. Not an explicit
  // copy to the host there (a self-supervised trainer's `else: features.index_copy_(0, idx.cpu(),
  // ...)` under `if use_cuda:` of where to keep a feature bank): it says the tensor is on the GPU.
  bool OnHost = !HostBranch.empty() && Op != "cpu" && Op != "to(cpu)";
  const Place Where = OnHost ? Place::Cpu : Of.Where;
  const std::string &WhereWhy = OnHost ? HostBranch.back() : Of.Why;
  const RuleInfo *Info = Catalog::embedded().find(Rule);
  if (!Info)
    return;
  // A method's finding is at its name, as Clang places a member call's (and as Python's
  // traceback positions name the line of `.cpu()` in a chain split over lines).
  if (is(At, "call") && is(field(At, "function"), "attribute"))
    At = field(field(At, "function"), "attribute");
  TSPoint P = ts_node_start_point(At);
  // The finding both front ends build (model/FindingBuilder).
  Finding F = startFinding(*Info, File, P.row + 1, P.column + 1, std::move(Op));
  if (Where == Place::Unknown) { // no other file decides it (yet)
    unknownDevice(F, WhereWhy, DeviceState::Unknown, Settings.Assume,
                  CpuProgram ? "this program runs as __main__ and names no CUDA device" : "");
  } else {
    F.Device = Where == Place::Cuda ? DeviceConfidence::Cuda : DeviceConfidence::Cpu;
    F.DeviceReason = WhereWhy;
  }
  RankOf Rank = R.of(At);
  rankFinding(F, Rank.Value, Rank.Reason, Rank.Period);
  F.Function = Rank.Function;
  if (!Rank.Function.empty()) {
    // What a call of the function makes of this sync (model/CallFindings.h). Where the
    // op's tensor came through the function's parameters, a call that passes a CUDA tensor
    // there syncs (SyncParams); otherwise every call syncs, once its device is CUDA. Not
    // where a parameter guards it (`if sync: torch.cuda.synchronize()`): the call's
    // argument decides. A copy to CUDA syncs only when its source is on the host, which no
    // call decides.
    F.FunctionKey = pythonFunctionKey(File, Rank.Key);
    F.CallSyncs = Info->SyncsOnCudaInput && !guardedByParameter(); // the catalog's property
    F.SyncParams = parameterIndices(Of.FromParams);
  }
  F.Message = std::move(Message);
  F.Fix = !Fix.empty() ? Fix : Info->PyFixSummary.empty() ? Info->FixSummary : Info->PyFixSummary;
  F.SourceLine = std::string(text::lineAt(Text, ts_node_start_byte(At)));
  for (Replacement &R : Edit.Edits)
    R.File = File;
  F.Replacements = std::move(Edit.Edits);
  F.FixCondition = std::move(Edit.Condition);
  if (auto S = Suppressions.find(F.Rule, F.Line)) {
    F.Suppressed = true;
    F.SuppressionReason = S->Reason;
  }
  Out.Findings.push_back(std::move(F));
}

std::vector<const FunctionRef *> Linter::importedCallees(TSNode Call, const Scope &S) const {
  if (auto F = Functions.find(calleeText(V, Call)); F != Functions.end())
    return {&F->second};
  TSNode Fn = field(Call, "function");
  std::string Method =
      is(Fn, "attribute") ? std::string(V.text(field(Fn, "attribute"))) : "__call__";
  // A module's call runs its forward. (Asked first: most calls name no imported method, and
  // their receiver is not evaluated.)
  bool Forward = Method == "__call__" && ImportedMethods.count("forward");
  if (!ImportedMethods.count(Method) && !Forward)
    return {};
  std::optional<ObjectCall> Of = objectCall(Call, S, V);
  if (!Of)
    return {};
  std::vector<const FunctionRef *> Out;
  for (std::string_view Class : classesOf(Of->Receiver))
    if (auto F = Functions.find(std::string(Class) + "." + Of->Method); F != Functions.end())
      Out.push_back(&F->second);
  return Out;
}

std::vector<ProjectCall::Argument> Linter::callArguments(TSNode Call,
                                                         const std::vector<std::string> &Params,
                                                         bool Method, const Scope &S) const {
  std::vector<ProjectCall::Argument> Out;
  for (const auto &[Param, Expr] : boundArguments(Call, Params, Method, V)) {
    if (Param >= 32)
      continue;
    // A tensor, or what decides one's device in the callee: a module, a device, a state.
    Value Passed = V.of(Expr, S);
    if (!placed(Passed))
      continue;
    ProjectCall::Argument Arg;
    Arg.Param = static_cast<unsigned>(Param);
    Arg.Text = std::string(V.text(Expr).substr(0, 48));
    Arg.Device.Base = Passed.Where == Place::Cuda  ? DeviceState::Cuda
                      : Passed.Where == Place::Cpu ? DeviceState::Cpu
                                                   : DeviceState::Unknown;
    Arg.Why = Passed.Why;
    Arg.CallerParams = parameterIndices(Passed.FromParams);
    Out.push_back(std::move(Arg));
  }
  return Out;
}

void Linter::projectCall(TSNode Call, const Scope &S) {
  // The functions called: one of this file's (a method of one of its objects too, or of
  // each class an object may be of), or of an imported module's.
  struct Callee {
    std::string Key, Name;
    std::vector<std::string> Params; // self counted
    bool Method = false;
  };
  std::vector<Callee> Callees;
  bool Named = false;
  std::vector<BoundMethod> Bound = calleesOf(Call, S, V, R, &Named);
  for (const BoundMethod &B : Bound)
    Callees.push_back({pythonFunctionKey(File, R.keyOf(B.Def)), R.nameOf(B.Def),
                       parameterNames(B.Def, V), B.Method});
  // An object of one of several classes: an imported class's method too, beside a local
  // one's.
  if (!Named)
    for (const FunctionRef *F : importedCallees(Call, S)) {
      // A method of an imported class (its constructor's __init__ too), whose self the
      // summary left out.
      Callee C{pythonFunctionKey(F->Path, F->Name), F->Name, F->Params,
               F->Name.find('.') != std::string::npos};
      if (C.Method)
        C.Params.insert(C.Params.begin(), "self");
      Callees.push_back(std::move(C));
    }
  for (const Callee &Called : Callees)
    projectCall(Call, Called.Key, Called.Name, Called.Params, Called.Method, Callees.size() > 1, S);
}

void Linter::projectCall(TSNode Call, const std::string &Callee, const std::string &Name,
                         const std::vector<std::string> &Params, bool Method, bool OneOfSeveral,
                         const Scope &S) {
  ProjectCall C;
  C.OneOfSeveral = OneOfSeveral;
  C.Callee = Callee;
  C.CalleeName = "`" + Name + "()`";
  RankOf Rank = R.of(Call);
  if (!Rank.Function.empty()) {
    // A call a parameter guards (`if sync: wait_all()`) makes no sync of its caller's: the
    // caller's caller decides. The call keeps its own finding.
    if (!guardedByParameter())
      C.Caller = pythonFunctionKey(File, Rank.Key);
    C.CallerName = Rank.Function;
  }
  C.File = File;
  TSPoint P = ts_node_start_point(Call);
  C.Line = P.row + 1;
  C.Column = P.column + 1;
  C.SourceLine = std::string(text::lineAt(Text, ts_node_start_byte(Call)));
  C.LoopRank = Rank.Value;
  C.RankReason = Rank.Reason;
  C.Period = Rank.Period;
  C.Arguments = callArguments(Call, Params, Method, S);
  for (const RuleInfo &Rule : Catalog::embedded().rules())
    if (auto Nolint = Suppressions.find(Rule.Id, C.Line))
      C.Suppressed.push_back({Rule.Id, Nolint->Reason});
  Out.Calls.push_back(std::move(C));
}

void Linter::block(TSNode Block, Scope &S) {
  for (TSNode Child : namedChildren(Block))
    statement(Child, S);
}

void Linter::statement(TSNode N, Scope &S) {
  const TSSymbol Sym = ts_node_is_null(N) ? 0 : symbolOf(N); // tested against type after type
  // Functions and classes are linted as scopes of their own (lintScopes below).
  if (is(Sym, "function_definition") || is(Sym, "class_definition") ||
      is(Sym, "decorated_definition"))
    return;
  if (is(Sym, "expression_statement")) {
    for (TSNode E : namedChildren(N)) {
      // A generator of a loader's batches (`yield from loader`, or `yield batch` of tensors):
      // calling it gives a loader of them (a diffusion trainer's load_data).
      if (is(E, "yield") && ts_node_named_child_count(E) == 1) {
        Value Item = V.of(ts_node_named_child(E, 0), S);
        bool From = V.text(E).substr(0, 10) == "yield from";
        // `yield large_batch, model_kwargs`: batches of tensors where the first one is.
        for (const Value &Part : From ? std::vector<Value>() : Item.Elements)
          if (Part.tensor()) {
            Item = Part;
            break;
          }
        if (From ? Item.K == Kind::Loader : Item.tensor()) {
          Item.K = Kind::Loader;
          Seen.recordReturn(CurrentDef, Item);
        }
      }
      if (is(E, "assignment") || is(E, "augmented_assignment")) {
        TSNode Left = field(E, "left"), Right = field(E, "right");
        expression(Right, S);
        if (is(Left, "subscript")) {
          written(Left, V.of(Right, S), Right, is(E, "assignment"), S);
        } else if (is(E, "assignment") &&
                   (is(Left, "pattern_list") || is(Left, "tuple_pattern") || is(Left, "tuple"))) {
          // outputs[mask], logabsdet[mask] = spline(...): each target written its part.
          Value Written = V.of(Right, S);
          NamedChildren Targets(Left);
          for (size_t I = 0; I < Targets.size(); ++I)
            if (is(Targets[I], "subscript"))
              written(Targets[I],
                      Written.Elements.size() == Targets.size() ? Written.Elements[I] : Written,
                      TSNode{}, true, S);
        }
        if (is(E, "assignment") && !ts_node_is_null(Right))
          V.bind(Left, V.of(Right, S), S);
        // ims += [o.cpu()]: each element appended, as ims.append(o.cpu()) does.
        if (is(E, "augmented_assignment") && is(Right, "list") &&
            V.text(field(E, "operator")) == "+=") {
          for (TSNode Item : namedChildren(Right))
            added(Left, V.of(Item, S), false, S);
          continue;
        }
        // x += t: x becomes a tensor where they are (a meter's self.sum += val * n).
        if (is(E, "augmented_assignment") && (is(Left, "identifier") || is(Left, "attribute")))
          if (Value Sum = combined(V.of(Left, S), V.of(Right, S)); Sum.tensor())
            V.bind(Left, Sum, S);
      } else {
        expression(E, S);
        registered(E, S);
        appended(E, S);
        meterUpdated(E, S);
        movedInPlace(E, S);
      }
    }
    return;
  }
  if (is(Sym, "for_statement")) {
    TSNode Iter = field(N, "right");
    expression(Iter, S);
    V.bindIteration(field(N, "left"), Iter, S);
    block(field(N, "body"), S);
    TSNode Else = field(N, "alternative");
    if (!ts_node_is_null(Else))
      block(ts_node_named_child(Else, 0), S);
    return;
  }
  if (is(Sym, "while_statement")) {
    truth(field(N, "condition"), S);
    block(field(N, "body"), S);
    TSNode Else = field(N, "alternative");
    if (!ts_node_is_null(Else))
      block(field(Else, "body"), S);
    return;
  }
  if (is(Sym, "if_statement")) {
    branches(N, S);
    return;
  }
  if (is(Sym, "assert_statement")) {
    NamedChildren Parts(N);
    for (size_t I = 0; I < Parts.size(); ++I)
      I == 0 ? truth(Parts[I], S) : expression(Parts[I], S);
    return;
  }
  if (is(Sym, "block")) {
    block(N, S);
    return;
  }
  if (is(Sym, "return_statement") && ts_node_named_child_count(N) > 0) {
    TSNode Returned = ts_node_named_child(N, 0);
    expression(Returned, S);
    Seen.recordReturn(CurrentDef, V.of(Returned, S));
    return;
  }
  // with, try, return, del...: their expressions, then their blocks, in order.
  for (TSNode C : namedChildren(N)) {
    if (is(C, "block") || is(C, "except_clause") || is(C, "finally_clause") ||
        is(C, "else_clause") || is(C, "with_statement") || is(C, "if_statement") ||
        is(C, "for_statement") || is(C, "while_statement") || is(C, "try_statement") ||
        is(C, "expression_statement"))
      statement(C, S);
    else
      expression(C, S);
  }
}

void Linter::written(TSNode Left, const Value &Written, TSNode Right, bool Plain, Scope &S) {
  Value Target = V.of(field(Left, "value"), S);
  // inputs["depth"] = x, inputs[("color", i, 0)] = x, or inputs[key] = ipt.to(device) in
  // `for key, ipt in inputs.items()`: a dict's entry replaced (a tensor has no string key),
  // no tensor written. Each entry replaced so: the dict's tensors are where the written
  // ones are (a depth trainer's batch moved in place).
  if (Plain && Target.tensor()) {
    if (std::optional<bool> Every = dictEntry(Left)) {
      if (*Every && Written.tensor() && Written.Where != Target.Where) {
        Value Moved = Written;
        Moved.Sequence = Target.Sequence;
        Moved.forgetShape();
        V.bind(field(Left, "value"), Moved, S);
      }
      return;
    }
  }
  // t[mask] -= 1: Python reads t[mask] (a masked read) and writes the result back (a
  // tensor written through the mask), whatever the right side is.
  if (Target.tensor() && !Plain && maskIndexed(Left, S))
    report(Left, "hostsync-bool-mask-index", "t[mask] op= v", Target,
           "updating " + phrase(Target.Where) +
               " through a boolean mask in place (t[mask] += v) reads t[mask] and writes it "
               "back: each counts the mask's true elements on the host, waiting for every "
               "kernel queued before it");
  else if (Target.tensor() && Written.tensor() && maskIndexed(Left, S))
    report(Left, "hostsync-bool-mask-index", "t[mask] = tensor", Target,
           "writing a tensor through a boolean mask of " + phrase(Target.Where) +
               " counts the mask's true elements on the host first: it waits for every "
               "kernel queued before it");
  // gain[2:6] = torch.tensor(shape)[...]: a host tensor written into a CUDA one is a
  // copy to the device, which the host waits for (a number written is a fill).
  else if (Target.tensor() && Target.Where == Place::Cuda && Written.tensor() &&
           Written.Where == Place::Cpu)
    report(Left, "hostsync-host-to-device-copy", "t[i] = host tensor", Target,
           "writing a host tensor (" + Written.Why +
               ") into a CUDA tensor copies it to "
               "the device: the host waits for the copy and every kernel queued before it");
  // features[start:end, :] = ff: a CUDA tensor written into a host one is a copy to
  // the host, which waits for the kernels that make it. Not `images[0] =
  // images[0].cuda()`: a batch's list of tensors, its element replaced.
  else if (Target.tensor() && Target.Where == Place::Cpu && !Target.Sequence && Written.tensor() &&
           Written.Where == Place::Cuda && !Written.Sequence &&
           (ts_node_is_null(Right) || V.text(Right).substr(0, V.text(Left).size()) != V.text(Left)))
    report(Left, "hostsync-device-to-host-copy", "t[i] = CUDA tensor", Written,
           "writing a CUDA tensor into a host tensor (" + Target.Why +
               ") copies it to the host: the copy waits for every kernel queued before "
               "it");
  // A Python number written into a CUDA tensor, copied from a 0-dim host tensor first
  // (bench/library-syncs: 1 wait each on PyTorch 2.11; `t[i].fill_(1)`, a row `t2d[i] = 1`,
  // `t[a:b] = 1` and `t[mask] = 1`, a masked_fill: none):
  // - t[i] = 1, an index of integers, one per dimension: set_item's copy_to sees equal
  //   sizes and calls copy_, not fill_;
  // - obj_mask[b, a, gj, gi] = 1 with CUDA index tensors (a detector's targets): index_put_
  //   copies the number to the device.
  else if (Plain && Target.tensor() && !Target.Sequence && Target.Where != Place::Cpu &&
           V.pythonNumber(Right, S))
    if (const char *How = numberCopied(Left, Target, S)) {
      bool Element = std::string_view(How) == "element";
      report(Left, "hostsync-host-to-device-copy", Element ? "t[i] = number" : "t[index] = number",
             Target,
             std::string("writing a Python number ") +
                 (Element ? "into one element of " : "through an index tensor into ") +
                 phrase(Target.Where) +
                 " copies it from a 0-dim host tensor first: the host waits for the copy and "
                 "every kernel queued before it",
             "Fill on the device: t[i].fill_(v), t.index_fill_, or write a tensor made on the "
             "device (t[idx] = torch.ones((), device=t.device)); or build the values on the "
             "host and copy them once with non_blocking=True from pinned memory.");
    }
  expression(field(Left, "subscript"), S);
  if (Target.madeTensor() && Target.Where != Place::Cpu)
    listIndex(Left, Target, S); // t[range(n), labels] = 1
  // outdict['model'] = model.state_dict(): the dict holds state torch.save copies.
  TSNode Dict = field(Left, "value");
  if (Plain && (Target.Class == DictClass || Target.K == Kind::State) &&
      (is(Dict, "identifier") || is(Dict, "attribute"))) {
    bool Tensors = Target.Sequence;
    addEntry(Target, Written, Tensors);
    V.bind(Dict, Target, S);
  }
}

std::optional<bool> Linter::dictEntry(TSNode Left) const {
  // A key of strings: one entry. Python would raise on a tensor.
  TSNode Key = field(Left, "subscript");
  auto Text = [](TSNode N) { return is(N, "string") || is(N, "concatenated_string"); };
  if (Text(Key) || (is(Key, "tuple") && [&] {
        NamedChildren Parts(Key);
        return std::any_of(Parts.begin(), Parts.end(), Text);
      }()))
    return false;
  // The key of the loop over the same dict that the write is in: every entry.
  if (!is(Key, "identifier"))
    return std::nullopt;
  std::string_view Dict = V.text(field(Left, "value"));
  for (TSNode N = parentOf(Left); !ts_node_is_null(N) && !is(N, "function_definition");
       N = parentOf(N)) {
    if (!is(N, "for_statement"))
      continue;
    TSNode Over = field(N, "right"), Names = field(N, "left");
    TSNode Name = is(Names, "pattern_list") || is(Names, "tuple_pattern")
                      ? ts_node_named_child(Names, 0)
                      : Names;
    std::string_view Listed = V.text(field(field(Over, "function"), "attribute"));
    bool OverDict =
        V.text(Over) == Dict || (is(Over, "call") && (Listed == "items" || Listed == "keys") &&
                                 V.text(field(field(Over, "function"), "object")) == Dict);
    if (OverDict && V.text(Name) == V.text(Key))
      return true;
  }
  return std::nullopt;
}

const char *Linter::numberCopied(TSNode Left, const Value &Target, const Scope &S) const {
  // "element": one element of a tensor whose rank its factory says, by integers; "index":
  // through an index tensor, the target's or an index's place CUDA; null: neither.
  if (Target.madeTensor() && Target.Where == Place::Cuda && Target.Rank > 0 &&
      integerIndexes(Left, S) == Target.Rank)
    return "element";
  NamedChildren Parts(Left);
  bool OnCuda = Target.Where == Place::Cuda, Indexed = false;
  for (size_t I = 1; I < Parts.size(); ++I) {
    if (!is(Parts[I], "identifier") && !is(Parts[I], "call") && !is(Parts[I], "subscript"))
      continue;
    Value Part = V.of(Parts[I], S);
    if (Part.tensor() && !Part.Mask && !Part.Sequence && Part.Where != Place::Cpu &&
        !Part.ZeroDimIndex) {
      Indexed = true;
      OnCuda |= Part.Where == Place::Cuda;
    }
  }
  return Indexed && OnCuda && !maskIndexed(Left, S) ? "index" : nullptr;
}

int Linter::integerIndexes(TSNode Subscript, const Scope &S) const {
  // t[i], t[i, j]: how many integers index it, or -1 when a part is not one (a slice, an
  // ellipsis, a tensor, a list, None, a name of unknown kind).
  NamedChildren Parts(Subscript);
  int Count = 0;
  for (size_t I = 1; I < Parts.size(); ++I) {
    if (is(Parts[I], "comment"))
      continue;
    if (!V.pythonNumber(Parts[I], S)) // a number (a loop's `range` index); not a name of
      return -1;                      // unknown kind, a tensor or a list as often as not
    ++Count;
  }
  return Count;
}

void Linter::movedInPlace(TSNode Call, Scope &S) {
  TSNode Fn = field(Call, "function");
  if (!is(Call, "call") || !is(Fn, "attribute"))
    return;
  std::string_view Name = V.text(field(Fn, "attribute"));
  TSNode Module = field(Fn, "object");
  if ((Name != "cuda" && Name != "to" && Name != "cpu") ||
      (!is(Module, "identifier") && !is(Module, "attribute")))
    return;
  Value Before = V.of(Module, S);
  if (Before.K == Kind::Module)
    return V.bind(Module, V.of(Call, S), S);
  // `net.cuda()` of a value of unknown kind, its result dropped: moved in place (a module, a
  // batch's BatchEncoding; a tensor's copy would be lost), now on that device (a module's
  // load_state_dict copies there).
  // (Of unknown kind still: a batch's BatchEncoding or a graph's Data moves in place too, and
  // `inputs["input_ids"]` is no module's layer.)
  Value Moved = V.of(Call, S);
  if (Before.unknownType() && Before.Elements.empty() && Moved.Where != Place::Unknown) {
    Value Placed = Before;
    Placed.Where = Moved.Where;
    Placed.Why = Moved.Why;
    V.bind(Module, Placed, S);
  }
}

void Linter::appended(TSNode Call, Scope &S) {
  TSNode Fn = field(Call, "function");
  std::string_view Method = is(Fn, "attribute") ? V.text(field(Fn, "attribute")) : "";
  if (!is(Call, "call") || (Method != "append" && Method != "extend"))
    return;
  added(field(Fn, "object"), V.of(V.argument(Call, 0, nullptr), S), Method == "extend", S);
}

void Linter::added(TSNode List, Value Item, bool Extend, Scope &S) {
  if (!is(List, "identifier") && !is(List, "attribute"))
    return;
  Value Before = V.of(List, S);
  if (Extend && !Item.tensor()) // dets.extend(boxes): the tensors of a list
    return;
  if (Item.K == Kind::Other && Item.LikeParams && Item.Elements.empty()) {
    // res.append(correct_k * 100): a list of what its parameters make them.
    Item.LikeParams |= Before.K == Kind::Other && Before.Sequence ? Before.LikeParams : 0;
    Item.Sequence = true;
    V.bind(List, Item, S);
    return;
  }
  if (!Item.tensor())
    return;
  // A list of masks stays one (fg_masks.append(fg_mask)): torch.cat of it is a mask, and the
  // list given as an index is a tuple of masks, each counted on the host.
  Item.Sequence = true;
  Item.Mask = Item.Mask && (!Before.Sequence || Before.Mask);
  Item.forgetShape();
  V.bind(List, Before.tensor() && Before.Sequence ? merge(Before, Item) : Item, S);
}

void Linter::listIndex(TSNode Subscript, const Value &Target, const Scope &S) {
  // t[range(n), labels], t[[3, 2, 3, 2]]: PyTorch makes a host tensor of a Python list or
  // range index, then copies it to the CUDA tensor's device, a copy the host waits for. A
  // list that holds a tensor, a slice or a sequence is a tuple of indices to PyTorch
  // (treatSequenceAsTuple): no index tensor is made of it.
  auto Numbers = [&](TSNode List) {
    for (TSNode E : namedChildren(List))
      if (is(E, "slice") || is(E, "list") || is(E, "tuple") || is(E, "ellipsis") ||
          is(E, "list_splat") || V.of(E, S).tensor())
        return false;
    return true;
  };
  NamedChildren Parts(Subscript);
  for (size_t I = 1; I < Parts.size(); ++I) {
    TSNode Index = Parts[I];
    // A name holding such a list: `seqs[incomplete_inds]` with `incomplete_inds = [ind for
    // ind, w in enumerate(words) if ...]` (a beam search's per-step bookkeeping).
    Value Held = is(Index, "identifier") || is(Index, "call") || is(Index, "subscript")
                     ? V.of(Index, S)
                     : Value();
    bool Named = is(Index, "identifier") && Held.Class == NumberList;
    bool List = (is(Index, "list") && ts_node_named_child_count(Index) > 0 && Numbers(Index)) ||
                (is(Index, "call") && V.text(field(Index, "function")) == "range") || Named;
    if (List)
      return report(Index, "hostsync-host-to-device-copy", "t[list]", Target,
                    "indexing " + phrase(Target.Where) + " with a Python " +
                        std::string(is(Index, "call") ? "range" : "list") +
                        " makes a host index tensor and copies it to the device: the host waits "
                        "for the copy and every kernel queued before it");
    // A NumPy array (coords[np.random.choice(n, size=k)]) or a host index tensor a factory
    // of this file made (emb[torch.randperm(n)[:k]]) as the index: copied to the CUDA
    // tensor's device. (A host mask is the boolean-mask rule's. A result another module's
    // helper returns is placed by all its calls, too loosely to say "host" here.)
    // Written out, so that it is not a 0-dim element (`perm[i]`, which PyTorch reads as a
    // number, no copy): a call or a slice of one.
    bool Written =
        is(Index, "call") || (is(Index, "subscript") && is(field(Index, "subscript"), "slice"));
    // The host is said by the torch call written there (a factory without device=), not by
    // a helper's result that other calls place.
    TSNode Made = is(Index, "call") ? Index : field(Index, "value");
    bool HostMade = Written && is(Made, "call") && calleeText(V, Made).rfind("torch.", 0) == 0 &&
                    Held.tensor() && Held.Where == Place::Cpu && !Held.Mask && !Held.Sequence &&
                    Held.Elements.empty();
    // Or a name holding a host index factory's integers (`idx = torch.randperm(n)`, then
    // `x[idx]`), which no element read made a number.
    // Made here, not a parameter a caller gave it to (an example's CPU call of a module).
    bool HostIndexNamed = is(Index, "identifier") && Held.tensor() && Held.HostIndex &&
                          Held.Where == Place::Cpu && !Held.Mask && !Held.Sequence &&
                          !Held.FromParams;
    if (Held.Class == NumpyArray || HostMade || HostIndexNamed)
      return report(Index, "hostsync-host-to-device-copy", "t[host index]", Target,
                    "indexing " + phrase(Target.Where) + " with " +
                        (Held.Class == NumpyArray ? "a NumPy array" : "a host tensor") +
                        " copies the index to the device: the host waits for the copy and every "
                        "kernel queued before it");
  }
}

void Linter::oldItem(TSNode Subscript, const Scope &S) {
  // loss.data[0]: PyTorch 0.3's spelling of loss.item() (a 0-dim loss indexed returned a
  // Python number; since 0.4 it raises, and the code was written for 0.3). Of a value named
  // as a loss (`loss_G.data[0]`, `self.loss_D.data[0]`, `losses[name].data[0]`), not of a
  // host tensor.
  TSNode Data = field(Subscript, "value");
  NamedChildren Parts(Subscript);
  if (Parts.size() != 2 || V.text(Parts[1]) != "0" || !is(Data, "attribute") ||
      V.text(field(Data, "attribute")) != "data")
    return;
  TSNode Loss = field(Data, "object");
  Value L = V.of(Loss, S);
  // (Values::of reads it as a number, so a float(), a print or a format of it reports
  // nothing more.)
  if (!V.lossName(Loss) || L.Where == Place::Cpu || (!L.tensor() && !L.unknownType()))
    return;
  // The old branch of a test of the version (`if int(version[0]) > 0 ...: loss.item()
  // else: loss.data[0]`): the branch PyTorch 0.4 and later never take.
  for (TSNode P = parentOf(Subscript); !ts_node_is_null(P) && !is(P, "function_definition");
       P = parentOf(P))
    if (is(P, "if_statement") &&
        V.text(field(P, "condition")).find("version") != std::string_view::npos)
      return;
  report(Subscript, "hostsync-item", "data[0]", L,
         "'" + std::string(V.text(Subscript)) + "' reads the value of " + phrase(L.Where) +
             " on the host (PyTorch 0.3's item()): the copy waits for every kernel queued "
             "before it",
         "Accumulate the loss on the GPU (total += loss.detach()) and read it with .item() "
         "once per logging interval.");
}

std::optional<std::pair<TSNode, const char *>> Linter::numberRead(TSNode Call,
                                                                  std::string_view Name,
                                                                  bool Method, const Value &Self,
                                                                  const Scope &S) const {
  // The tensor argument a number-taking overload reads, of x.op(...) on a tensor not on the
  // host, or of torch.op(x, ...); with what it is read as.
  if (!oneOf(Name, {"masked_fill", "masked_fill_", "clamp", "clamp_", "clip", "clip_", "normal"}))
    return std::nullopt;
  bool TorchFn = !Method && V.dotted(field(Call, "function")) == "torch." + std::string(Name);
  if (!(Method ? Self.tensor() && Self.Where != Place::Cpu : TorchFn))
    return std::nullopt;
  unsigned Skip = Method ? 0 : 1; // torch.op(x, ...): its first argument is x
  auto Cuda = [&](TSNode N) {
    Value A = ts_node_is_null(N) ? Value() : V.of(N, S);
    return A.madeTensor() && !A.Sequence && A.Where == Place::Cuda;
  };
  auto Number = [&](TSNode N) { return V.pythonNumber(N, S); };
  if (Name == "masked_fill" || Name == "masked_fill_") {
    TSNode Fill = V.argument(Call, Skip + 1, nullptr);
    if (ts_node_is_null(Fill))
      Fill = V.argument(Call, 0, "value");
    if (Cuda(Fill))
      return std::make_pair(Fill, "given as the fill value");
    return std::nullopt;
  }
  if (oneOf(Name, {"clamp", "clamp_", "clip", "clip_"})) {
    TSNode Low = V.argument(Call, Skip, nullptr), High = V.argument(Call, Skip + 1, nullptr);
    if (ts_node_is_null(Low))
      Low = V.argument(Call, 0, "min");
    if (ts_node_is_null(High))
      High = V.argument(Call, 0, "max");
    if (ts_node_is_null(Low) || ts_node_is_null(High))
      return std::nullopt; // one bound: the tensor overload, on the device
    if (Cuda(Low) && Number(High))
      return std::make_pair(Low, "given as a bound with a number");
    if (Cuda(High) && Number(Low))
      return std::make_pair(High, "given as a bound with a number");
    return std::nullopt;
  }
  if (Name == "normal" && TorchFn) {
    TSNode Std = V.argument(Call, 1, nullptr);
    if (ts_node_is_null(Std))
      Std = V.argument(Call, 0, "std");
    if (Cuda(Std))
      return std::make_pair(Std, "given as the standard deviation (checked >= 0)");
  }
  return std::nullopt;
}

void Linter::meterUpdated(TSNode Call, Scope &S) {
  // A library's metric meter (timm.utils.AverageMeter and its kind: the file does not define
  // the class), named so (`norm_meter`, `loss_meter`): meter.update(t) keeps t, so its val,
  // avg and sum are tensors where t is (formatting them later reads them).
  TSNode Fn = field(Call, "function");
  if (!is(Call, "call") || !is(Fn, "attribute") || V.text(field(Fn, "attribute")) != "update")
    return;
  TSNode Meter = field(Fn, "object");
  std::string Name(V.text(Meter));
  if (!is(Meter, "identifier") && !is(Meter, "attribute"))
    return;
  // Or an object of a meter class of another module (a trainer's `top1 = AverageMeter()` of
  // src/utils.py), whose update() this file's walks do not bind.
  // Of one class or of several: each a meter's, none of this file's.
  Value Object = V.of(Meter, S);
  std::vector<std::string_view> Classes = classesOf(Object);
  bool ImportedMeter = guessOn(Guess::MeterName) && Object.K == Kind::Object && !Classes.empty() &&
                       std::all_of(Classes.begin(), Classes.end(), [&](std::string_view Class) {
                         return Class.find("Meter") != std::string_view::npos &&
                                ts_node_is_null(R.methodOf(std::string(Class), "update"));
                       });
  if (!Object.unknownType() && !ImportedMeter)
    return;
  Name = lowered(Name);
  if (!ImportedMeter &&
      (!guessOn(Guess::MeterName) || Name.find("meter") == std::string::npos ||
       Name.find("parameter") != std::string::npos || Name.find("diameter") != std::string::npos))
    return;
  Value Kept = V.of(V.argument(Call, 0, nullptr), S);
  if (!Kept.tensor())
    return;
  Kept.Sequence = Kept.Mask = false;
  for (const char *Attribute : {".val", ".avg", ".sum"}) {
    std::string Key = std::string(V.text(Meter)) + Attribute;
    const Value *Before = S.find(Key);
    S.set(Key, Before && Before->tensor() ? merge(*Before, Kept) : Kept);
  }
}

void Linter::registered(TSNode Call, Scope &S) {
  // self.register_buffer("queue_ptr", t): self.queue_ptr is a tensor that moves with the
  // module (where to: not known here).
  std::string_view Callee = V.text(field(Call, "function"));
  TSNode Name = V.argument(Call, 0, nullptr);
  if (!is(Call, "call") || !is(Name, "string") ||
      (Callee != "self.register_buffer" && Callee != "self.register_parameter"))
    return;
  std::string_view Quoted = V.text(Name);
  if (Quoted.size() < 2)
    return;
  Value Buffer;
  Buffer.K = Kind::Tensor;
  S.set("self." + std::string(Quoted.substr(1, Quoted.size() - 2)), Buffer);
}

std::optional<bool> Linter::cudaTest(TSNode Condition) const {
  // use_cuda, args.cuda, self.gpu_mode, torch.cuda.is_available(): true; args.cpu,
  // opt.no_cuda: false; `not` of either, the other; anything else (a count of GPUs, a
  // comparison): none.
  if (is(Condition, "not_operator"))
    if (std::optional<bool> Inner = cudaTest(field(Condition, "argument")))
      return !*Inner;
  if (is(Condition, "parenthesized_expression") && ts_node_named_child_count(Condition) == 1)
    return cudaTest(ts_node_named_child(Condition, 0));
  if (is(Condition, "call") && calleeText(V, Condition) == "torch.cuda.is_available" &&
      ts_node_is_null(V.argument(Condition, 0, nullptr)))
    return true;
  // device == "cuda", args.device != "cpu", device.type == "cpu" (of a device's name: not
  // a detector's `mode == "cpu"` of an out-of-memory fallback that runs beside CUDA).
  if (is(Condition, "comparison_operator") && ts_node_named_child_count(Condition) == 2) {
    TSNode Literal = ts_node_named_child(Condition, 1);
    std::string_view Op = V.text(ts_node_child(Condition, 1));
    std::string_view Tested = V.text(ts_node_named_child(Condition, 0));
    if (!is(Literal, "string") || (Op != "==" && Op != "!=") ||
        Tested.find("device") == std::string_view::npos)
      return std::nullopt;
    std::string_view Said = V.text(Literal);
    bool Cuda = Said.find("cuda") != std::string_view::npos;
    if (!Cuda && Said.find("cpu") == std::string_view::npos)
      return std::nullopt;
    return Cuda == (Op == "==");
  }
  if (!is(Condition, "identifier") && !is(Condition, "attribute"))
    return std::nullopt;
  std::string Name = lowered(lastPart(V.text(Condition)));
  if (!guessOn(Guess::CudaFlagName))
    return std::nullopt;
  if (oneOf(Name, {"cpu", "use_cpu", "no_cuda", "nocuda", "no_gpu", "cpu_only"}))
    return false;
  if (oneOf(Name, {"cuda", "use_cuda", "usecuda", "is_cuda", "gpu", "use_gpu", "gpu_mode",
                   "cuda_available", "has_cuda", "on_gpu", "with_cuda"}))
    return true;
  return std::nullopt;
}

void Linter::narrow(TSNode Condition, Scope &S) {
  // `if isinstance(pos, int): pos = torch.arange(pos)`: under the test, pos is no tensor,
  // whatever the calls pass (a type that is not a tensor's, or a tuple of such types).
  if (!is(Condition, "call") || V.text(field(Condition, "function")) != "isinstance")
    return;
  TSNode Name = V.argument(Condition, 0, nullptr), Type = V.argument(Condition, 1, nullptr);
  // A number, a string or an array: no tensor. A list or a tuple: a container, which may
  // hold the tensors the name held (`isinstance(edge_index, tuple)`, then
  // `edge_index[0][mask]`).
  auto Scalar = [&](TSNode T) {
    return oneOf(V.text(T), {"int", "float", "str", "bool", "np.ndarray", "numpy.ndarray",
                             "numbers.Number", "Number"});
  };
  auto Container = [&](TSNode T) { return oneOf(V.text(T), {"list", "tuple"}); };
  auto Each = [&](auto Test) {
    if (ts_node_is_null(Type))
      return false;
    if (!is(Type, "tuple"))
      return Test(Type);
    NamedChildren Types(Type);
    return Types.size() > 0 && std::all_of(Types.begin(), Types.end(), Test);
  };
  if (!is(Name, "identifier") && !is(Name, "attribute"))
    return;
  if (Each(Scalar)) {
    S.set(std::string(V.text(Name)), Value());
  } else if (Each([&](TSNode T) { return Scalar(T) || Container(T); })) {
    Value Held = V.of(Name, S);
    if (Held.tensor()) { // a list of such tensors, when a container
      Held.Sequence = true;
      Held.forgetShape();
      S.set(std::string(V.text(Name)), Held);
    }
  }
}

void Linter::branches(TSNode If, Scope &S) {
  // Each branch starts from what was known before the if; after it, a name holds the merge
  // of what each branch left it (the branch not taken included, where there is no else):
  // `device = accelerator() if ... else torch.device("cpu")` spelled as an if statement is
  // not on the CPU. Each branch is walked on S and undone (Scope::set's journal); what it
  // left the names it set is kept for the merge.
  using Changes = std::map<std::string, Value, std::less<>>;
  std::vector<Changes> After;
  std::vector<Scope::Undo> *Outer = S.Journal;
  std::optional<bool> Cuda = cudaTest(field(If, "condition"));
  auto Branch = [&](TSNode Condition, TSNode Guard, TSNode Body) {
    std::vector<Scope::Undo> Journal;
    S.Journal = &Journal;
    truth(Condition, S);
    narrow(Condition, S);
    Guards.push_back(Guard); // what decides whether Body runs
    // The host's branch of a test of CUDA: the consequence of `if args.cpu:`, the else of
    // `if use_cuda:` (not an elif's, whose own test decides).
    bool Host = Cuda && ts_node_eq(Guard, field(If, "condition")) &&
                (ts_node_is_null(Condition) ? *Cuda : !*Cuda);
    if (Host)
      HostBranch.push_back("the branch of `if " + std::string(V.text(Guard)) + ":` at line " +
                           std::to_string(V.line(Guard)) + " that runs without CUDA");
    block(Body, S);
    if (Host)
      HostBranch.pop_back();
    Guards.pop_back();
    Changes Left;
    for (const Scope::Undo &U : Journal)
      if (auto It = S.Names.find(U.Name); It != S.Names.end())
        Left.emplace(U.Name, It->second);
    for (auto U = Journal.rbegin(); U != Journal.rend(); ++U)
      if (U->Old)
        S.Names[U->Name] = *U->Old;
      else
        S.Names.erase(U->Name);
    S.Journal = Outer;
    After.push_back(std::move(Left));
  };
  TSNode Condition = field(If, "condition");
  Branch(Condition, Condition, field(If, "consequence"));
  bool Else = false;
  for (TSNode C : namedChildren(If)) {
    if (is(C, "elif_clause")) {
      Branch(field(C, "condition"), field(C, "condition"), field(C, "consequence"));
    } else if (is(C, "else_clause")) {
      Branch(TSNode{}, Condition, field(C, "body"));
      Else = true;
    }
  }
  if (!Else)
    After.emplace_back(); // the branch not taken changes nothing
  // `if use_cuda: ckpt = torch.load(p) else: ckpt = torch.load(p, map_location=cpu)`: a test
  // of whether CUDA is used. As `"cuda" if torch.cuda.is_available() else "cpu"` is CUDA, the
  // run the findings describe takes the CUDA branch: what it left, not a merge with the host
  // branch's (a checkpoint on the host "on one path" into a model that is on CUDA then).
  if (After.size() == 2)
    if (std::optional<bool> Cuda = cudaTest(Condition)) {
      Changes Taken = std::move(After[*Cuda ? 0 : 1]);
      After.clear();
      After.push_back(std::move(Taken));
    }
  // A name no branch set keeps its value (merging a value with itself gives it back); one
  // that some branch set merges, in the branches' order, what each left it.
  std::set<std::string, std::less<>> Set;
  for (const Changes &Left : After)
    for (const auto &Change : Left)
      Set.insert(Change.first);
  for (const std::string &Name : Set) {
    std::optional<Value> Merged;
    auto Kept = S.Names.find(Name);
    const Value *Before = Kept != S.Names.end() ? &Kept->second : nullptr;
    for (const Changes &Left : After) {
      auto It = Left.find(Name);
      const Value *Here = It != Left.end() ? &It->second : Before;
      if (Here)
        Merged = Merged ? merge(*Merged, *Here) : *Here;
    }
    S.set(Name, *Merged);
  }
}

Linter::Rewrite Linter::nonBlocking(TSNode Call) const {
  TSNode Args = field(Call, "arguments");
  if (!is(Args, "argument_list") || !ts_node_is_null(V.argument(Call, 0, "non_blocking")) ||
      !ts_node_is_null(V.argument(Call, 0, "async")))
    return {};
  TSNode Last{};
  for (TSNode A : namedChildren(Args)) {
    if (is(A, "list_splat") || is(A, "dictionary_splat"))
      return {};
    if (!is(A, "comment"))
      Last = A;
  }
  Replacement R;
  if (ts_node_is_null(Last)) { // x.cuda() -> x.cuda(non_blocking=True)
    R.Offset = ts_node_start_byte(Args) + 1;
    R.Text = "non_blocking=True";
  } else { // x.to(device) -> x.to(device, non_blocking=True)
    R.Offset = ts_node_end_byte(Last);
    R.Text = ", non_blocking=True";
  }
  return {{R}, ""};
}

Linter::Rewrite Linter::uncheckedLinalg(TSNode Call, std::string_view Name) const {
  TSNode Function = field(Call, "function");
  TSNode Attribute = field(Function, "attribute");
  if (!is(Function, "attribute") || !ts_node_is_null(V.argument(Call, 0, "out")))
    return {};
  for (TSNode A : namedChildren(field(Call, "arguments")))
    if (is(A, "list_splat") || is(A, "dictionary_splat"))
      return {};
  // The rewrite is the C++ check's, from one table (model/SyncTable). torch.cholesky is not
  // linalg.cholesky (its upper= argument): left alone.
  const LinalgExRow *Row = linalgExOfPython(Name);
  if (!Row || (Name == "cholesky" && V.text(ts_node_named_child(Function, 0)) == "torch"))
    return {};
  Replacement Callee, Field;
  Callee.Offset = ts_node_start_byte(Attribute);
  Callee.Length = ts_node_end_byte(Attribute) - Callee.Offset;
  Callee.Text = std::string(Row->PythonEx);
  Field.Offset = ts_node_end_byte(Call);
  Field.Text = std::string(Row->PythonField);
  return {{Callee, Field}, uncheckedCondition(*Row)};
}

void Linter::truth(TSNode E, const Scope &S) {
  if (ts_node_is_null(E))
    return;
  if (is(E, "parenthesized_expression")) {
    truth(ts_node_named_child(E, 0), S);
    return;
  }
  if (is(E, "boolean_operator")) {
    truth(field(E, "left"), S);
    truth(field(E, "right"), S);
    return;
  }
  if (is(E, "not_operator")) {
    truth(field(E, "argument"), S);
    return;
  }
  expression(E, S);
  Value T = V.of(E, S);
  // Of a module's inputs as they are (`if train:`, `if optimizer_idx == 0:`): a flag or a
  // number as often as a tensor; not once a tensor's method read them (`if mask.any():`).
  if (T.madeTensor() && !T.Sequence) // a list's truth is its length
    report(E, "hostsync-item", "bool()", T,
           "testing the truth of " + phrase(T.Where) +
               " (if, while, assert, and, or, not) copies its value to the host: it waits "
               "for every kernel queued before it");
}

void Linter::expression(TSNode E, const Scope &S) {
  if (ts_node_is_null(E))
    return;
  const TSSymbol Sym = symbolOf(E); // E is tested against type after type
  // Scopes of their own, linted with their function.
  if (is(Sym, "function_definition") || is(Sym, "class_definition"))
    return;
  if (is(Sym, "lambda")) {
    // Its body runs when it is called (`mse2psnr = lambda x: -10. * torch.log(x) /
    // torch.log(torch.Tensor([10.]))`): linted where it is written, its parameters of
    // unknown type, as a function's that no call in view gives a value.
    Scope Inner;
    Inner.Globals = &S;
    Inner.Class = S.Class;
    for (std::string &Name : parameterNames(E, V))
      if (Name[0] != '*')
        Inner.set(std::move(Name), Value());
    for (TSNode P : namedChildren(field(E, "parameters"))) // *args, **kwargs: their own names
      if ((is(P, "list_splat_pattern") || is(P, "dictionary_splat_pattern")) &&
          ts_node_named_child_count(P) > 0)
        Inner.set(std::string(V.text(ts_node_named_child(P, 0))), Value());
    return expression(field(E, "body"), Inner);
  }
  if (is(Sym, "list_comprehension") || is(Sym, "set_comprehension") ||
      is(Sym, "dictionary_comprehension") || is(Sym, "generator_expression")) {
    // Its loop variables are its own: a scope inside S, bound clause by clause.
    Scope Inner;
    Inner.Globals = &S;
    Inner.Class = S.Class;
    for (TSNode C : namedChildren(E)) {
      if (is(C, "for_in_clause")) {
        expression(field(C, "right"), Inner);
        V.bindIteration(field(C, "left"), field(C, "right"), Inner);
      } else if (is(C, "if_clause")) {
        truth(ts_node_named_child(C, 0), Inner);
      }
    }
    expression(field(E, "body"), Inner);
    return;
  }
  if (is(Sym, "call")) {
    Seen.record(E, S, V, R);
    projectCall(E, S);
    for (const FunctionRef *F : importedCallees(E, S)) {
      // helpers.count_positive(x), of another file: what it passes, and how often it runs.
      RankOf Called = R.of(E);
      Seen.recordImported(E, *F, S, V,
                          Called.Value == Rank::Hot
                              ? "called at line " + std::to_string(ts_node_start_point(E).row + 1) +
                                    " (" + Called.Reason + ")"
                              : "");
    }
    call(E, S);
  }
  if (is(Sym, "not_operator")) {
    truth(field(E, "argument"), S);
    return;
  }
  if (is(Sym, "boolean_operator"))
    truth(field(E, "left"), S);
  if (is(Sym, "conditional_expression"))
    truth(ts_node_named_child(E, 1), S);
  if (is(Sym, "comparison_operator"))
    membership(E, S);
  if (is(Sym, "subscript")) {
    Value Target = V.of(field(E, "value"), S);
    if (Target.tensor() && maskIndexed(E, S))
      report(E, "hostsync-bool-mask-index", "t[mask]", Target,
             "indexing " + phrase(Target.Where) +
                 " with a boolean mask sizes the result from the mask's values: the host "
                 "waits for every kernel queued before it to count them");
    else if (Target.madeTensor() && Target.Where != Place::Cpu)
      listIndex(E, Target, S);
    sliceBounds(E, S);
    elementIndex(E, Target, S);
    oldItem(E, S);
  }
  // "%.3f" % loss, "%d: %f" % (step, loss): %-formatting reads each tensor it formats.
  if (is(Sym, "binary_operator") && is(field(E, "left"), "string") &&
      V.text(field(E, "operator")) == "%") {
    TSNode Right = field(E, "right");
    std::vector<TSNode> Parts;
    if (is(Right, "tuple"))
      for (TSNode P : namedChildren(Right))
        Parts.push_back(P);
    else
      Parts.push_back(Right);
    for (TSNode P : Parts)
      if (Value T = V.of(P, S); T.madeTensor() && !T.Sequence) {
        report(E, "hostsync-print-tensor", "%-format", T,
               "formatting " + phrase(T.Where) +
                   " into a string with % copies its values to the host: it waits for every "
                   "kernel queued before it");
        break;
      }
  }
  if (is(Sym, "interpolation")) {
    Value T = V.of(field(E, "expression"), S);
    if (T.madeTensor())
      report(E, "hostsync-print-tensor", "f-string", T,
             "formatting " + phrase(T.Where) +
                 " into a string copies its values to the host: it waits for every kernel "
                 "queued before it");
  }
  NamedChildren Children(E);
  const bool Not = is(Sym, "not_operator"), Boolean = is(Sym, "boolean_operator"),
             Conditional = is(Sym, "conditional_expression");
  for (size_t I = 0; I < Children.size(); ++I) {
    TSNode C = Children[I];
    if (Not || (Boolean && I == 0) || (Conditional && I == 1))
      continue; // read by truth() above
    // A conditional expression's branches: its condition decides them (a if cond else b).
    bool Guarded = Conditional && Children.size() == 3;
    if (Guarded)
      Guards.push_back(Children[1]);
    expression(C, S);
    if (Guarded)
      Guards.pop_back();
  }
}

bool Linter::maskIndexed(TSNode Subscript, const Scope &S) const {
  // t[mask], t[mask, :4], reg[:, mask]: any of the indexes a boolean tensor.
  NamedChildren Parts(Subscript);
  for (size_t I = 1; I < Parts.size(); ++I)
    if (!is(Parts[I], "slice") && !is(Parts[I], "comment") && V.of(Parts[I], S).Mask)
      return true;
  return false;
}

void Linter::sliceBounds(TSNode Subscript, const Scope &S) {
  // x[:, :lengths[0]]: Python reads a slice's bounds as integers, through __index__, which
  // copies a tensor's value to the host (item()). So does an index that is a 0-dim integer
  // tensor (x[scores.argmax()]), of a tensor or of a list.
  NamedChildren Parts(Subscript);
  for (size_t I = 1; I < Parts.size(); ++I) {
    if (!is(Parts[I], "identifier") && !is(Parts[I], "call")) // a 0-dim index is one of these
      continue;
    Value Index = V.of(Parts[I], S);
    // The rule of C++'s index({t.argmax()}), so that its noqa and Checks settings hold here
    // too; the fix is the catalog's fix_python.
    if (Index.ZeroDimIndex && Index.madeTensor() && Index.Where != Place::Cpu)
      report(Parts[I], "hostsync-scalar-tensor-index", "0-dim index", Index,
             "indexing with " + phrase(Index.Where) +
                 " of no dimensions reads it on the host (__index__ calls item()): the copy "
                 "waits for every kernel queued before it");
  }
  for (TSNode Slice : namedChildren(Subscript)) {
    if (!is(Slice, "slice"))
      continue;
    for (TSNode Bound : namedChildren(Slice)) {
      Value B = V.of(Bound, S);
      if (B.madeTensor() && !B.Sequence) // x[:, :n] of forward()'s n: a number
        report(Bound, "hostsync-item", "slice bound", B,
               "using " + phrase(B.Where) +
                   " as a slice bound reads its value on the host (__index__ calls item()): "
                   "the copy waits for every kernel queued before it",
               "Keep the bounds on the host: copy the lengths once (lengths.tolist() before the "
               "loop) and slice with Python ints, or mask the padded positions instead of "
               "slicing them off.");
    }
  }
}

void Linter::elementIndex(TSNode Subscript, const Value &Target, const Scope &S) {
  // chars[t[i]], states[beams[i]]: an element of a tensor taken with a loop's number, as
  // the index of a list, a string or a NumPy array, is read as an integer through
  // __index__, a copy to the host. (Of a tensor it is ambiguous: a 0-dim element is read by
  // item(), but a row, idx[head] of a 2-D idx, indexes on the device. A dict's key is
  // hashed, not read; a module's [i] is its layer.)
  // So is a loop's element of a tensor, `[vocab[i] for i in ids[k, :]]`, of what is not a
  // parameter of unknown type (as often a tensor: masks[inds] over torch.chunk's index
  // tensors). Not of a dict. (A parameter indexed by t[i], a sequence generator's
  // constraint_states[beams_buf[i]], is taken for a list: a tensor's gather by a row of a
  // 2-D index written so is flagged too.)
  if (Target.K != Kind::Other || Target.Class == DictClass)
    return;
  NamedChildren Parts(Subscript);
  for (size_t I = 1; I < Parts.size(); ++I) {
    TSNode Index = Parts[I];
    bool Numbers = false;
    if (is(Index, "subscript")) {
      NamedChildren Taken(Index);
      Numbers = Taken.size() > 1;
      for (size_t J = 1; J < Taken.size() && Numbers; ++J)
        Numbers = is(Taken[J], "identifier") && V.of(Taken[J], S).K == Kind::Int;
    } else if (!is(Index, "identifier")) {
      continue;
    }
    Value Element = V.of(Index, S);
    if (!Element.tensor() || Element.Sequence || Element.Where == Place::Cpu)
      continue;
    if (Numbers ||
        (is(Index, "identifier") && !Target.LikeParams && loopElement(Subscript, V.text(Index), S)))
      elementRead(Index, "__index__", Element,
                  "indexing a Python sequence with an element of " + phrase(Element.Where) +
                      " reads its value on the host (__index__ calls item()): the copy waits "
                      "for every kernel queued before it");
  }
}

void Linter::elementRead(TSNode At, const char *Op, const Value &Element, std::string Message) {
  report(At, "hostsync-item", Op, Element, std::move(Message),
         "Read the tensor's values to the host once (ids.tolist() before the loop) and use "
         "Python ints; or stay on the device (index with the whole index tensor, torch.isin) "
         "and read one result.");
}

void Linter::membership(TSNode Comparison, const Scope &S) {
  // `bno in positives`, bno a loop's element of a CUDA tensor: Python compares it with each
  // element of the list (==) and reads the truth of each answer. (Only a loop's element: a
  // set's or a dict's key is hashed, not compared, and `p in seen` of a set of parameters
  // is as common.)
  if (V.text(Comparison).find(" in ") == std::string_view::npos)
    return;
  NamedChildren Parts(Comparison);
  if (Parts.size() != 2 || !is(Parts[0], "identifier"))
    return;
  Value Item = V.of(Parts[0], S), In = V.of(Parts[1], S);
  if (!Item.tensor() || Item.Sequence || Item.Where == Place::Cpu || In.tensor() ||
      In.K != Kind::Other || is(Parts[1], "dictionary") || is(Parts[1], "set") ||
      !loopElement(Comparison, V.text(Parts[0]), S))
    return;
  elementRead(Comparison, "in", Item,
              "a membership test ('in') of an element of " + phrase(Item.Where) +
                  " compares it with each element and reads each answer's truth on the host: "
                  "it waits for every kernel queued before it");
}

bool Linter::loopElement(TSNode Inside, std::string_view Name, const Scope &S) const {
  // The for statement or comprehension around Inside, in its function, whose variable is
  // Name, iterating one tensor: its elements (not a module's parameters, or a list of
  // tensors, whose elements are as often a dict's keys: state[p]).
  // `for x in t`, or `for i, x in enumerate(t)`.
  auto Binds = [&](TSNode Left, TSNode Right) -> std::optional<bool> {
    if (V.text(Left) == Name) {
      Value Of = V.of(Right, S);
      return Of.tensor() && !Of.Sequence;
    }
    if ((is(Left, "pattern_list") || is(Left, "tuple_pattern")) &&
        ts_node_named_child_count(Left) == 2 && V.text(ts_node_named_child(Left, 1)) == Name &&
        is(Right, "call") && V.text(field(Right, "function")) == "enumerate") {
      Value Of = V.of(V.argument(Right, 0, nullptr), S);
      return Of.tensor() && !Of.Sequence;
    }
    return std::nullopt;
  };
  for (TSNode N = parentOf(Inside); !ts_node_is_null(N) && !is(N, "function_definition");
       N = parentOf(N)) {
    if (is(N, "for_statement"))
      if (std::optional<bool> Element = Binds(field(N, "left"), field(N, "right")))
        return *Element;
    if (is(N, "list_comprehension") || is(N, "generator_expression") ||
        is(N, "set_comprehension") || is(N, "dictionary_comprehension"))
      for (TSNode C : namedChildren(N))
        if (is(C, "for_in_clause"))
          if (std::optional<bool> Element = Binds(field(C, "left"), field(C, "right")))
            return *Element;
  }
  return false;
}

void Linter::formatted(TSNode Call, const Scope &S) {
  TSNode Receiver = field(field(Call, "function"), "object");
  bool Literal = is(Receiver, "string");
  std::string_view Text = Literal ? V.text(Receiver) : std::string_view();
  // A tensor attribute of Class's objects that the text formats: one it names after
  // Prefix ("{top1.avg" for top1=..., "{avg" for **self.__dict__) when the text is a
  // literal, else any.
  // Object: the object's expression ("top1"), whose own attributes here come first (an
  // imported meter's update(t) kept t: meterUpdated); "" for self's.
  auto TensorAttribute = [&](const std::string &Class, const std::string &Prefix,
                             const std::string &Object) {
    const auto *Set = V.AttributesOf ? V.AttributesOf(Class) : nullptr;
    const Value *Found = nullptr;
    if (!Set)
      return std::optional<Value>();
    for (const auto &[Name, OfClass] : *Set) {
      const Value *Here = Object.empty() ? nullptr : S.find(Object + Name.substr(4));
      const Value &Val = Here && Here->tensor() ? *Here : OfClass;
      if (Val.tensor() && (!Found || Val.Where == Place::Cuda) &&
          (!Literal || Text.find("{" + Prefix + Name.substr(5)) != std::string_view::npos))
        Found = &Val;
    }
    return Found ? std::optional<Value>(*Found) : std::nullopt;
  };
  TSNode Args = field(Call, "arguments");
  for (TSNode A : namedChildren(Args)) {
    TSNode E = A;
    std::string Keyword;
    std::optional<Value> T;
    if (is(A, "keyword_argument")) {
      Keyword = std::string(V.text(field(A, "name")));
      E = field(A, "value");
    }
    if (is(A, "dictionary_splat")) { // **self.__dict__, in a method of a class
      std::string Function = R.of(Call).Function;
      if (V.text(ts_node_named_child(A, 0)) == "self.__dict__" &&
          Function.find('.') != std::string::npos)
        T = TensorAttribute(Function.substr(0, Function.find('.')), "", "");
    } else if (Value X = V.of(E, S); X.madeTensor()) {
      T = X;
    } else if (X.K == Kind::Object) {
      T = TensorAttribute(X.Class, Keyword.empty() ? Keyword : Keyword + ".",
                          std::string(V.text(E)));
    }
    if (T)
      return report(Call, "hostsync-print-tensor", "str.format", *T,
                    "formatting " + phrase(T->Where) +
                        " into a string with str.format copies its values to the host: it "
                        "waits for every kernel queued before it");
  }
}

namespace {
// Does Name say it holds a tensor a network made (out, outputs, mask, feats, logits,
// state...)?
bool namesTensor(std::string_view Name) {
  // The last word names what it is (`encoder_out`, `model_outputs`, `encoder_padding_mask`;
  // `mask_decoder` and `feature_encoder` are networks).
  std::string Word(
      Name.substr(Name.rfind('_') == std::string_view::npos ? 0 : Name.rfind('_') + 1));
  Word = lowered(Word);
  return oneOf(Word, {"out",    "outs",   "output",    "outputs",    "mask",  "masks",
                      "feat",   "feats",  "feature",   "features",   "logit", "logits",
                      "emb",    "embs",   "embedding", "embeddings", "state", "states",
                      "hidden", "score",  "scores",    "pred",       "preds", "loss",
                      "losses", "weight", "weights",   "grad",       "grads"});
}

// Is N inside a lambda (`map_location=lambda storage, loc: storage.cuda(rank)`: the load's
// copy, reported at the load), a few levels up?
bool inLambda(TSNode N) {
  for (int Up = 0; Up < 4 && !ts_node_is_null(N); ++Up, N = parentOf(N))
    if (is(N, "lambda"))
      return true;
  return false;
}
} // namespace

void Linter::call(TSNode Call, const Scope &S) {
  TSNode Fn = field(Call, "function");
  std::string CalleeName = V.dotted(Fn);
  std::string_view Callee = CalleeName;
  std::string_view Name =
      Callee.substr(Callee.rfind('.') == std::string_view::npos ? 0 : Callee.rfind('.') + 1);
  // A dotted name (torch.linalg.inv), not a call's result (torch.ones(4).to).
  bool Dotted = isDotted(Callee);
  bool TorchFn =
      Dotted && Callee.substr(0, 6) == "torch." && Callee.find('.', 6) == std::string_view::npos;
  bool Functional =
      Callee == "F." + std::string(Name) || Callee == "torch.nn.functional." + std::string(Name);
  // A method of a value (x.item()), not a function of a module (torch.nonzero, F.one_hot).
  bool Method = is(Fn, "attribute") && !Functional && !(Dotted && Callee.substr(0, 6) == "torch.");
  Value Self = Method ? V.of(field(Fn, "object"), S) : Value();
  // The tensor an op reads: its receiver, or a torch function's first argument. A method
  // only tensors have (x.nonzero(), nothing else of PyTorch's usual company names one so)
  // is read on a receiver of unknown type too, its device unknown.
  bool TensorOnly = Name == "nonzero" || Name == "argwhere" || Name == "masked_select" ||
                    Name == "repeat_interleave";
  Value T = Method && (Self.tensor() || (TensorOnly && Self.unknownType())) ? Self
            : TorchFn || Functional ? V.of(V.argument(Call, 0, nullptr), S)
                                    : Value();
  bool OnTensor = T.tensor() || (Method && TensorOnly && Self.unknownType()) ||
                  (TorchFn && !ts_node_is_null(V.argument(Call, 0, nullptr)));
  std::string Op(Name);
  std::string Copies = " to the host: the copy waits for every kernel queued before it";

  TSNode Receiver = Method ? field(Fn, "object") : TSNode{};
  // Not of a NumPy value: np.load(path, allow_pickle=True).item(), np.prod(shape).item().
  auto NumpyValue = [&] {
    if (Self.Class == NumpyArray)
      return true;
    if (!is(Receiver, "call"))
      return false;
    std::string Made = calleeText(V, Receiver);
    // x.numpy().item(): of the array .numpy() made (the read, if any, was .cpu()'s).
    return Made.rfind("np.", 0) == 0 || Made.rfind("numpy.", 0) == 0 || lastPart(Made) == "numpy";
  };
  // is_nonzero() reads the one value to answer (as in C++, the same rule).
  if ((Name == "item" || Name == "is_nonzero") && Method && (Self.tensor() || Self.unknownType()) &&
      !NumpyValue())
    return report(Call, "hostsync-item", std::string(Name), Self,
                  "'" + std::string(Name) + "' copies a value of " + phrase(Self.Where) + Copies);
  // torch.arange(length.max()): a factory reads a tensor given as a bound, a size or a fill
  // value as a Python number (item()).
  if (TorchFn && oneOf(Name, {"arange", "range", "linspace", "logspace", "randperm", "zeros",
                              "ones", "empty", "full", "rand", "randn", "randint"}))
    for (TSNode Arg : namedChildren(field(Call, "arguments"))) {
      TSNode Given = is(Arg, "keyword_argument") ? field(Arg, "value") : Arg;
      std::string_view Keyword = is(Arg, "keyword_argument") ? V.text(field(Arg, "name")) : "";
      if (!Keyword.empty() && !oneOf(Keyword, {"start", "end", "step", "steps", "n", "high", "low",
                                               "size", "fill_value"}))
        continue;
      if (Value N = V.of(Given, S); N.madeTensor() && !N.Sequence)
        report(Given, "hostsync-item", Op + "(tensor)", N,
               "'torch." + Op + "' reads " + phrase(N.Where) +
                   " given as a number on the host (item()): the copy waits for every kernel "
                   "queued before it",
               "Pass a Python number kept on the host (a length copied once with .tolist()), "
               "or build the result from the tensor on the GPU (a mask, torch.arange of a "
               "known bound).");
    }
  // Ops that read a CUDA tensor given where a number goes (measured: bench/library-syncs):
  // masked_fill's value (the CUDA kernel takes value.item()), clamp's bounds when one is a
  // number and the other a tensor (the overload of two numbers is chosen, the tensor read by
  // item()), torch.normal's std tensor (checked `std >= 0` on the host).
  if (std::optional<std::pair<TSNode, const char *>> Read =
          numberRead(Call, Name, Method, Self, S)) {
    Value N = V.of(Read->first, S);
    return report(Read->first, "hostsync-item", Op + "(tensor)", N,
                  "'" + Op + "' reads " + phrase(N.Where) + " " + Read->second +
                      " on the host (item()): the copy waits for every kernel queued before it",
                  Name == "normal" ? "Draw from randn and scale on the device: mean + std * "
                                     "torch.randn_like(std)."
                  : Name.substr(0, 5) == "clamp" || Name.substr(0, 4) == "clip"
                      ? "Give both bounds as tensors (x.clamp(torch.zeros_like(hi), hi)) or "
                        "both as Python numbers; or use torch.minimum / torch.maximum."
                      : "Use torch.where(mask, value, x), which reads nothing on the host.");
  }
  if (!Method &&
      (Callee == "float" || Callee == "int" || Callee == "bool" || Callee == "complex")) {
    Value A = V.of(V.argument(Call, 0, nullptr), S);
    if (A.madeTensor())
      report(Call, "hostsync-item", Op + "()", A,
             "'" + Op + "()' of " + phrase(A.Where) + " copies its value" + Copies);
    return;
  }
  // math.exp(loss), math.sqrt(var): the math module converts a tensor with __float__, an
  // item() (a perplexity's exp of a CUDA loss); its first argument only (math.pow(t, 2) too).
  if (Callee.substr(0, 5) == "math.")
    if (Value A = V.of(V.argument(Call, 0, nullptr), S); A.madeTensor() && !A.Sequence)
      return report(Call, "hostsync-item", std::string(Callee) + "()", A,
                    "'" + std::string(Callee) + "()' of " + phrase(A.Where) +
                        " copies its value (as float() does)" + Copies,
                    "Use the torch function on the device (torch.exp(loss)), and read the "
                    "result once, where it is logged.");
  // max(a, b) of tensors, or max(scores) of a list of them (a beam search's finished
  // scores): Python compares them pairwise and reads each comparison's truth.
  // With key=, the keys are compared, not the tensors.
  bool OneList = ts_node_is_null(V.argument(Call, 1, nullptr));
  if (!Method && (Callee == "max" || Callee == "min") &&
      ts_node_is_null(V.argument(Call, 99, "key"))) {
    for (unsigned I = 0; I < (OneList ? 1u : 8u); ++I)
      if (Value A = V.of(V.argument(Call, I, nullptr), S);
          A.madeTensor() && (!OneList || A.Sequence))
        return report(Call, "hostsync-item", Op + "()", A,
                      "Python's '" + Op + "()' of " +
                          (OneList ? listPhrase(A.Where) + " compares them"
                                   : phrase(A.Where) + " compares it") +
                          " on the host: each comparison's truth is copied back, waiting for "
                          "every kernel queued before it");
    return;
  }
  // any(torch.isnan(l) for l in losses), all(t): Python reads the truth of each element (of
  // a list of tensors, or of a tensor iterated), one read of the GPU each.
  if (!Method && (Callee == "any" || Callee == "all") && OneList)
    if (Value A = V.of(V.argument(Call, 0, nullptr), S); A.madeTensor())
      return report(Call, "hostsync-item", Op + "()", A,
                    "Python's '" + Op + "()' of " +
                        (A.Sequence ? listPhrase(A.Where) : phrase(A.Where)) +
                        " reads each element's truth on the host: each read waits for every "
                        "kernel queued before it",
                    "Reduce on the GPU and read once: torch.stack(values).isnan().any(), or "
                    "t.any() / t.all(), kept as a tensor until it is needed.");
  // scores.index(best) of a list of tensors: each element compared with == and its truth
  // read.
  if (Method && Name == "index" && Self.tensor() && Self.Sequence)
    return report(Call, "hostsync-item", "list.index", Self,
                  "'index' of " + listPhrase(Self.Where) +
                      " compares each with == and reads the answer on the host: each read "
                      "waits for every kernel queued before it");
  if (Method && Name == "format" && Self.unknownType())
    return formatted(Call, S);
  if (!Method && Callee == "print") {
    for (unsigned I = 0; I < 16; ++I) {
      Value A = V.of(V.argument(Call, I, nullptr), S);
      if (A.madeTensor())
        return report(Call, "hostsync-print-tensor", "print", A,
                      "printing " + phrase(A.Where) + " copies its values" + Copies);
    }
    return;
  }
  // Not a project's own function of that name (a framework's comm.synchronize(), a detector's
  // synchronize(): a torch.distributed barrier), which is linted where it is defined.
  // Nor one of an installed library's module (`from framework.utils import comm`), a name
  // no value of the file holds: a stream's or an event's synchronize() is of a value.
  bool SyncPassesSelf = false;
  auto LibraryModule = [&] {
    TSNode Owner = is(Fn, "attribute") ? field(Fn, "object") : TSNode{};
    return is(Owner, "identifier") && V.text(Owner) != "torch" && !S.find(V.text(Owner));
  };
  if (Name == "synchronize" && Callee.substr(0, 10) != "torch.mps." &&
      Callee.substr(0, 10) != "torch.cpu." &&
      (is(Fn, "attribute") || Callee == "synchronize" || Callee == "torch.cuda.synchronize") &&
      !LibraryModule() && ts_node_is_null(R.calleeOf(Call, SyncPassesSelf)) &&
      importedCallees(Call, S).empty())
    return report(Call, "hostsync-explicit-sync", std::string(Callee) + "()",
                  {Place::Cuda, "the op syncs on CUDA whatever its input"},
                  "'" + std::string(Callee) +
                      "()' blocks the host until the GPU has finished the queued work");
  // empty_cache() gives the cached blocks back with cudaFree, which waits for the device.
  if (Callee == "torch.cuda.empty_cache")
    return report(Call, "hostsync-explicit-sync", "torch.cuda.empty_cache()",
                  {Place::Cuda, "the op syncs on CUDA whatever its input"},
                  "'torch.cuda.empty_cache()' frees the allocator's cached blocks with cudaFree, "
                  "which blocks the host until the GPU has finished the queued work");
  // A library's call, by its name; not one of the project's own functions of that name
  // (a GAN trainer's util.save_image writes a NumPy image with PIL).
  if (std::optional<LibrarySync> L = librarySync(Call, V, S)) {
    bool Own = false, PassesSelf = false;
    if (Name == "save_image" || Name == "make_grid" || Name == "nms" || Name == "batched_nms")
      Own = !ts_node_is_null(R.calleeOf(Call, PassesSelf)) || !importedCallees(Call, S).empty();
    if (!Own)
      return report(Call, L->Rule, L->Op, {L->Where, L->WhereWhy, L->FromParams}, L->Message,
                    L->Fix);
  }
  // A scaler no call in view builds (`optimizer, scaler = init_opt(...)` of a helper, a
  // caller's): a GradScaler where the file scales a loss with it (`scaler.scale(loss)`), by
  // its name; device unknown.
  Value Scaler = Self;
  if (Method && (Name == "step" || Name == "state_dict") && Self.unknownType() &&
      Self.Class.empty()) {
    TSNode Receiver = field(field(Call, "function"), "object");
    if (guessOn(Guess::ScalerName) &&
        lowered(lastPart(V.text(Receiver))).find("scaler") != std::string::npos &&
        V.source().find(std::string(V.text(Receiver)) + ".scale(") != std::string::npos) {
      Scaler.K = Kind::Scaler;
      Scaler.Why = "";
    }
  }
  // GradScaler.step reads found_inf with .item() before stepping an optimizer that cannot
  // check it on the GPU (every optimizer but the fused ones).
  if (Method && Name == "step" && Scaler.K == Kind::Scaler)
    return report(Call, "hostsync-item", "GradScaler.step",
                  {Self.K == Kind::Scaler ? Place::Cuda : Place::Unknown, Scaler.Why},
                  "'GradScaler.step' reads whether the gradients hold an inf or a NaN with "
                  ".item() before it steps the optimizer: every step waits for the backward "
                  "pass",
                  "use a fused optimizer (torch.optim.AdamW(..., fused=True)): GradScaler.step "
                  "then leaves the check to the optimizer's kernel, with no host read");
  // The scale lives on the GPU: get_scale() and state_dict() read it (and the growth
  // tracker) with .item().
  if (Method && (Name == "get_scale" || Name == "state_dict") && Scaler.K == Kind::Scaler)
    return report(Call, "hostsync-item", "GradScaler." + std::string(Name),
                  {Self.K == Kind::Scaler ? Place::Cuda : Place::Unknown, Scaler.Why},
                  "'GradScaler." + std::string(Name) +
                      "' reads the loss scale from the GPU with .item(): it waits for every "
                      "kernel queued before it",
                  "read the scale once per logging or checkpoint interval, not every step");
  // clip_grad_norm_ reads the norm on the host only when asked to check it.
  if ((Name == "clip_grad_norm_" || Name == "clip_grad_norm") &&
      V.text(V.argument(Call, 0, "error_if_nonfinite")) == "True")
    return report(Call, "hostsync-clip-grad-norm", "clip_grad_norm_(error_if_nonfinite=True)",
                  {Place::Unknown, ""},
                  "'clip_grad_norm_' with error_if_nonfinite=True reads the total norm on the "
                  "host to check it: it waits for the whole backward pass");
  // torch.tensor(data, device=...), torch.cuda.FloatTensor(data), or Tensor(data) of a name
  // holding a CUDA tensor type: host data copied to the device it names. A legacy
  // constructor given sizes (`Tensor(n, 1)`, `Tensor(imgs.size(0))`) copies nothing.
  // Under a CUDA default tensor type (torch.set_default_tensor_type), torch.Tensor(data) is
  // one of these; under any CUDA default, torch.tensor(data) without device= too.
  const Value *TypeNamed = !Method && Dotted ? S.find(Callee) : nullptr;
  const Value *Default = V.defaultDeviceIn(S);
  if (!TypeNamed && Default && Default->Class == TensorType && Callee == "torch.Tensor")
    TypeNamed = Default;
  bool LegacyType = (Dotted && Callee.substr(0, 11) == "torch.cuda." && Name.size() > 6 &&
                     Name.substr(Name.size() - 6) == "Tensor") ||
                    (TypeNamed && TypeNamed->K == Kind::Device && TypeNamed->Class == TensorType &&
                     TypeNamed->Where != Place::Cpu);
  bool Factory = TorchFn && (Name == "tensor" || Name == "as_tensor");
  if (Factory || (LegacyType && !ts_node_is_null(V.argument(Call, 0, nullptr)))) {
    if (!Factory && !V.constructorCopies(Call, S))
      return;
    Value Data = V.of(V.argument(Call, 0, nullptr), S);
    TSNode Dev = V.argument(Call, 0, "device");
    bool ToDefault = Factory && ts_node_is_null(Dev) && Default;
    Value D =
        ToDefault ? *Default
        : Factory ? V.deviceOf(Dev, S)
        : TypeNamed
            ? *TypeNamed
            : cudaDevice("`" + std::string(Callee) + "` at line " + std::to_string(V.line(Call)));
    if (!Data.tensor() && D.K == Kind::Device && D.Where != Place::Cpu &&
        (!Factory || !ts_node_is_null(Dev) || ToDefault))
      report(Call, "hostsync-host-to-device-copy", std::string(Callee) + "(data)", D,
             "'" + std::string(Callee) +
                 "' of host data (a list, a number, an array) copies it to the device: the "
                 "host waits for the copy and every kernel queued before it");
    return;
  }
  // dst.copy_(src) between the host and CUDA (a loader's batch into a CUDA buffer, the old
  // `input_A.copy_(batch['A'])`): a blocking copy, unless non_blocking=True reads pinned
  // memory (or writes to it).
  if (Method && Name == "copy_" && Self.madeTensor() && Self.Where != Place::Unknown) {
    Value Src = V.of(V.argument(Call, 0, nullptr), S);
    bool NonBlocking = V.text(V.argument(Call, 1, nullptr)) == "True" || V.nonBlocking(Call);
    bool ToCuda = Self.Where == Place::Cuda && Src.madeTensor() && Src.Where == Place::Cpu;
    bool ToHost = Self.Where == Place::Cpu && Src.madeTensor() && Src.Where == Place::Cuda;
    if (ToCuda && !(NonBlocking && Src.Pinned))
      return report(Call, "hostsync-host-to-device-copy", "copy_(host tensor)", Self,
                    "'copy_' of a host tensor (" + Src.Why +
                        ") into a CUDA tensor blocks the host until the copy and every kernel "
                        "queued before it are done",
                    "Copy from pinned memory with non_blocking=True (DataLoader(pin_memory=True)), "
                    "or move the batch with .to(device, non_blocking=True).");
    if (ToHost && !(NonBlocking && Self.Pinned))
      return report(Call, "hostsync-device-to-host-copy", "copy_(CUDA tensor)", Src,
                    "'copy_' of a CUDA tensor into a host tensor copies its values" + Copies);
  }
  // x.new_tensor(data): host data (a list, a number, an array, a host tensor) copied to x's
  // device, unless device= names another.
  if (Method && Name == "new_tensor" && Self.madeTensor() && Self.Where != Place::Cpu &&
      ts_node_is_null(V.argument(Call, 99, "device"))) {
    Value Data = V.of(V.argument(Call, 0, nullptr), S);
    if (!Data.tensor() || Data.Where == Place::Cpu)
      report(Call, "hostsync-host-to-device-copy", "new_tensor(data)", Self,
             "'new_tensor' of host data (a list, a number, an array) copies it to the device "
             "of " +
                 phrase(Self.Where) +
                 ": the host waits for the copy and every kernel queued before it",
             "Make a constant on the device without host data (x.new_full((), 100.0), "
             "torch.full(size, v, device=x.device)), or make it once, outside the loop.");
    return;
  }
  // .cpu() of a value of unknown type: a tensor's copy to the host (device unknown) unless
  // the value is a module (model.cpu(), known to the front end, moves weights once).
  // A name of a network (`network.cpu()` before its state is saved) moves a module's
  // weights, out of scope as the module's own moves are.
  // (What a network makes, named after it, is a tensor: `encoder_out`,
  // `encoder_padding_mask`, `model_outputs`.)
  auto Network = [&] {
    std::string_view MovedName = lastPart(V.text(Receiver));
    return (is(Receiver, "identifier") || is(Receiver, "attribute")) && networkName(MovedName) &&
           !namesTensor(MovedName);
  };
  if (Method && Name == "cpu" && Self.unknownType() && !Network())
    return report(Call, "hostsync-device-to-host-copy", Op, {Place::Unknown, ""},
                  "'cpu' copies " + phrase(Place::Unknown) + Copies);
  // x.to("cpu") (with a dtype too) of such a value: the same copy.
  if (Value To = Method && Name == "to" && Self.unknownType()
                     ? V.deviceOf(V.argument(Call, 0, nullptr), S)
                     : Value();
      To.K == Kind::Device && To.Where == Place::Cpu)
    return report(Call, "hostsync-device-to-host-copy", "to(cpu)", {Place::Unknown, ""},
                  "'to(cpu)' copies " + phrase(Place::Unknown) + Copies);
  if (Method && Self.tensor() &&
      (Name == "tolist" || Name == "cpu" ||
       (Name == "numpy" &&
        (Self.Where == Place::Cuda || V.text(V.argument(Call, 0, "force")) == "True"))))
    return report(Call, "hostsync-device-to-host-copy", Op, Self,
                  "'" + Op + "' copies " + phrase(Self.Where) + Copies);
  // x.type(torch.cuda.FloatTensor), or of a name holding that type: a blocking copy to CUDA,
  // of a host tensor, or of a name of unknown kind that may hold one (a loader's `imgs`; not
  // a network, whose type() casts its weights, nor self, nor a cast whose result is dropped:
  // a module's, in place, `vgg.type(dtype)`).
  bool MaybeTensorName = Method && Name == "type" && Self.unknownType() && Self.Elements.empty() &&
                         Self.Class.empty() && !is(ts_node_parent(Call), "expression_statement") &&
                         (is(Receiver, "identifier") || is(Receiver, "attribute")) &&
                         V.text(Receiver) != "self" && !networkName(lastPart(V.text(Receiver)));
  if (Method && (Self.tensor() || MaybeTensorName) && Name == "type") {
    TSNode To = V.argument(Call, 0, nullptr);
    if (ts_node_is_null(To))
      To = V.argument(Call, 0, "dtype");
    if (ts_node_is_null(To))
      return;
    Value D = V.text(To).find("cuda") != std::string_view::npos
                  ? cudaDevice("`" + std::string(V.text(To)) + "` at line " +
                               std::to_string(V.line(Call)))
                  : V.deviceOf(To, S);
    if (D.K == Kind::Device && D.Where == Place::Cuda && Self.Where == Place::Cpu)
      report(Call, "hostsync-host-to-device-copy", "type(cuda)", D,
             "'type' to a CUDA tensor type copies a host tensor (" + Self.Why +
                 ") to CUDA: the host waits for the copy and every kernel queued before it",
             "move it with .to(device, dtype, non_blocking=True) from pinned memory");
    else if (D.K == Kind::Device && D.Where == Place::Cuda && !Self.tensor())
      report(Call, "hostsync-host-to-device-copy", "type(cuda)", D,
             "'type' to a CUDA tensor type of a value that may be a host tensor copies it to "
             "CUDA: the host waits for the copy and every kernel queued before it",
             "move it with .to(device, dtype, non_blocking=True) from pinned memory");
    return;
  }
  // host.type_as(x): a host tensor cast to x's type, on x's device: a copy to CUDA when x is
  // there (a detector's `torch.zeros(1, n).fill_(stride).type_as(xin[0])`). Of an x of unknown
  // place, as its .to(x.device) would be.
  if (Method && Name == "type_as" && Self.madeTensor() && Self.Where == Place::Cpu &&
      !Self.Pinned) {
    Value Like = V.of(V.argument(Call, 0, nullptr), S);
    if (Like.tensor() && Like.Where != Place::Cpu)
      report(Call, "hostsync-host-to-device-copy", "type_as", Like,
             "'type_as' of a host tensor (" + Self.Why + ") casts it to the type of " +
                 phrase(Like.Where) +
                 ", on its device: a copy to CUDA that the host waits for, with every kernel "
                 "queued before it",
             "Make the tensor on the device it is used on (torch.full(size, v, "
             "device=x.device, dtype=x.dtype)), or once, outside the loop.");
    return;
  }
  // Where x.cuda(...) or x.to(device) moves x (a dtype's cast: no device).
  auto MovedTo = [&] {
    if (Name == "cuda")
      return cudaDevice("`.cuda()` at line " + std::to_string(V.line(Call)));
    TSNode Target = V.argument(Call, 0, nullptr);
    return V.deviceOf(ts_node_is_null(Target) ? V.argument(Call, 0, "device") : Target, S);
  };
  bool Moves = Method && (Name == "to" || Name == "cuda");
  // x.cuda(), x.to(device) of a name of unknown kind, not a module's (by its name, self, or
  // a call's result: `Net(...).to(device)`): what is moved is on the host as often as not
  // (`if args.cuda: data = data.cuda()` in a helper), so a copy that may be one.
  // A move of a name whose result is dropped (`m2.to(device)` as a statement) is a module's,
  // in place: a tensor's .to() returns the copy and leaves the tensor where it was.
  // (A cast of such a name is one too: `labels.long().cuda()`.)
  auto Cast = [&](TSNode Made) {
    TSNode Of = field(Made, "function");
    return is(Made, "call") && is(Of, "attribute") &&
           oneOf(V.text(field(Of, "attribute")),
                 {"long", "float", "int", "double", "half", "bool", "byte", "contiguous"}) &&
           (is(field(Of, "object"), "identifier") || is(field(Of, "object"), "attribute")) &&
           !networkName(lastPart(V.text(field(Of, "object")))) &&
           V.of(field(Of, "object"), S).K != Kind::None; // an optional input left None
  };
  if (Moves && Self.unknownType() && Self.Elements.empty() && Self.Class.empty() &&
      !(is(ts_node_parent(Call), "expression_statement") &&
        (is(field(Fn, "object"), "identifier") || is(field(Fn, "object"), "attribute"))) &&
      (!is(field(Fn, "object"), "call") || Cast(field(Fn, "object"))) &&
      V.text(field(Fn, "object")) != "self" && !inLambda(Call) &&
      !networkName(lastPart(V.text(field(Fn, "object"))))) {
    Value D = MovedTo();
    // Or to the device of a tensor (or a value of unknown kind, not a network) of unknown
    // place, of an object's attribute (a score model's
    // `sde.discrete_sigmas.to(t.device)` each step: a schedule made on the host in another
    // module's class): what is moved to the data's device is on the host as a rule. Not a
    // module's own buffers (self.x, a network's attribute), which are where the module is.
    TSNode Target = V.argument(Call, 0, nullptr);
    TSNode Holder = field(field(Fn, "object"), "object");
    bool ToDataDevice = Name == "to" && is(Target, "attribute") &&
                        V.text(field(Target, "attribute")) == "device" &&
                        (V.of(field(Target, "object"), S).tensor() ||
                         (V.of(field(Target, "object"), S).unknownType() &&
                          !networkName(lastPart(V.text(field(Target, "object")))))) &&
                        is(field(Fn, "object"), "attribute") &&
                        (is(Holder, "identifier") || is(Holder, "attribute")) &&
                        lastPart(V.text(Holder)) != "self" &&
                        !networkName(lastPart(V.text(Holder))) && V.of(Holder, S).K != Kind::Module;
    if (D.K == Kind::Device && (D.Where == Place::Cuda || ToDataDevice) && !V.nonBlocking(Call))
      return report(
          Call, "hostsync-host-to-device-copy", Op, {Place::Unknown, ""},
          "'" + Op + "' of a value that may be a host tensor copies it to " +
              (D.Where == Place::Cuda ? "CUDA" : "the device of a tensor that may be on CUDA") +
              ": the host waits for the copy and every kernel queued before it");
  }
  if (Moves && Self.tensor()) {
    Value D = MovedTo();
    if (D.K != Kind::Device && !D.tensor())
      return; // a dtype cast
    if (D.Where == Place::Cpu && Self.Where != Place::Cpu)
      return report(Call, "hostsync-device-to-host-copy", "to(cpu)", Self,
                    "'to(cpu)' copies " + phrase(Self.Where) + Copies);
    bool NonBlocking = V.nonBlocking(Call);
    // An empty tensor's copy moves nothing: copy_ returns before it waits.
    if (Self.Where == Place::Cpu && D.Where != Place::Cpu && !(NonBlocking && Self.Pinned) &&
        !Self.Empty)
      return report(Call, "hostsync-host-to-device-copy", Op, D,
                    NonBlocking ? "'" + Op +
                                      "(non_blocking=True)' of a host tensor in pageable "
                                      "memory (" +
                                      Self.Why +
                                      ") is a blocking copy: the host "
                                      "waits for the GPU's queue; pin it first"
                                : "'" + Op + "' of a host tensor (" + Self.Why +
                                      ") to CUDA blocks the host until the copy and every kernel "
                                      "queued before it are done",
                    "", Self.Pinned && !NonBlocking ? nonBlocking(Call) : Rewrite{});
    return;
  }
  // linalg ops that check their result's info code on the host (an _ex form does not), and
  // svd, eigh and what is computed with them, which check convergence with no _ex form.
  bool Linalg = Callee.substr(0, 13) == "torch.linalg.";
  bool Checked = (Linalg && oneOf(Name, {"cholesky", "inv", "solve", "lu_factor", "ldl_factor"})) ||
                 Callee == "torch.inverse" || Callee == "torch.cholesky";
  bool Converges =
      (Linalg && oneOf(Name, {"svd", "svdvals", "eigh", "eigvalsh", "pinv", "matrix_rank"})) ||
      Callee == "torch.svd" || Callee == "torch.pinverse";
  if (Checked || Converges) {
    Value A = V.of(V.argument(Call, 0, nullptr), S);
    if (A.tensor())
      return report(Call, "hostsync-linalg-check-errors", Op, A,
                    "'" + std::string(Callee) +
                        (Checked ? "' checks its result for errors on the host"
                                 : "' checks its convergence on the host, and no _ex form "
                                   "skips the check") +
                        ": it waits for every kernel queued before it",
                    "", Checked ? uncheckedLinalg(Call, Name) : Rewrite{});
  }
  if (!(Method || TorchFn || Functional) || !OnTensor)
    return;
  std::string Sizes = " sizes its result from the tensor's values: the host waits for every "
                      "kernel queued before it to read them";
  if (Name == "nonzero" || Name == "argwhere" ||
      (TorchFn && Name == "where" && ts_node_is_null(V.argument(Call, 1, nullptr))))
    return report(Call, "hostsync-nonzero", Op, T, "'" + Op + "' of " + phrase(T.Where) + Sizes);
  if (Name == "masked_select")
    return report(Call, "hostsync-bool-mask-index", Op, T,
                  "'masked_select' of " + phrase(T.Where) + Sizes);
  if (Name == "unique" || Name == "unique_consecutive")
    return report(Call, "hostsync-unique", Op, T, "'" + Op + "' of " + phrase(T.Where) + Sizes);
  // histc with both bounds given (min != max) sizes nothing from the values.
  auto Bound = [&](unsigned Position, const char *Keyword) {
    TSNode Given = V.argument(Call, Method ? Position - 1 : Position, nullptr);
    return ts_node_is_null(Given) ? V.argument(Call, 0, Keyword) : Given;
  };
  TSNode Min = Name == "histc" ? Bound(2, "min") : TSNode{};
  TSNode Max = Name == "histc" ? Bound(3, "max") : TSNode{};
  // (Bounds given as tensors, `min=x.min()`, are read as numbers: a read all the same.)
  bool Bounded = !ts_node_is_null(Min) && !ts_node_is_null(Max) && V.text(Min) != V.text(Max) &&
                 !V.of(Min, S).tensor() && !V.of(Max, S).tensor();
  if (Name == "bincount" || (Name == "histc" && !Bounded))
    return report(Call, "hostsync-size-dependent", Op, T,
                  "'" + Op + "' of " + phrase(T.Where) + Sizes);
  if (Name == "repeat_interleave" && ts_node_is_null(V.argument(Call, 0, "output_size"))) {
    // x.repeat_interleave(repeats), torch.repeat_interleave(x, repeats) or (repeats): the
    // repeats a tensor.
    Value Repeats = V.of(V.argument(Call, Method ? 0 : 1, nullptr), S);
    bool OneArg = !Method && ts_node_is_null(V.argument(Call, 1, nullptr));
    if (Repeats.tensor() || OneArg)
      report(Call, "hostsync-size-dependent", "repeat_interleave(tensor)", T,
             "'repeat_interleave' with tensor repeats" + Sizes);
    return;
  }
  if (Name == "one_hot" && Functional) {
    TSNode Classes = V.argument(Call, 1, nullptr);
    if (ts_node_is_null(Classes))
      Classes = V.argument(Call, 0, "num_classes");
    if (ts_node_is_null(Classes) || V.text(Classes) == "-1")
      report(Call, "hostsync-size-dependent", "one_hot", T,
             "'one_hot' without num_classes reads the largest class of " + phrase(T.Where) +
                 " on the host: it waits for every kernel queued before it");
    return;
  }
  if (Name == "equal" || Name == "allclose")
    return report(Call, "hostsync-equal", Op, T,
                  "'" + Op + "' returns a Python bool: it copies the comparison of " +
                      phrase(T.Where) + Copies);
}
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
