#include "python/PythonLinter.h"

namespace hostsync::python {

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

} // namespace hostsync::python
