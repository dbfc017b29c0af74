#include "python/PythonCalls.h"

#include <algorithm>
#include <optional>
#include <set>
#include <utility>

namespace hostsync::python {

Value merge(const Value &A, const Value &B) {
  // None gives way, and so does a number or a value of unknown type to a tensor: the value
  // is a tensor on some path (self.sum = 0, later self.sum += t; an average that is a CUDA
  // tensor, or a float after an all_reduce's tolist()), and a sync on that path is one.
  // So does a value of unknown type to a module: a model a branch hands to a library's
  // wrapper (`model = apex.parallel.convert_syncbn_model(model)` under `if opt.syncBN:`) is
  // still the model, where it is moved next; and to a state (a dict of numbers one call
  // saves, of tensors another; not to a checkpoint, which a parameter's value may not be).
  // So does what torch.load read (a checkpoint's entry) to a tensor or a module a path
  // makes.
  auto GivesWay = [](const Value &X, const Value &Y) {
    return X.K == Kind::None || ((X.K == Kind::Int || X.K == Kind::Other) && Y.tensor()) ||
           (X.K == Kind::Other &&
            (Y.K == Kind::Module || (Y.K == Kind::State && Y.Class != Checkpoint))) ||
           (X.Assumed && Y.tensor() && !Y.Assumed) ||
           (X.Class == Checkpoint && (Y.tensor() || Y.K == Kind::Module));
  };
  if (!A.Elements.empty() && !B.Elements.empty()) {
    // Two tuples: each position merged. Of different lengths (`return train_loader,
    // test_loader, n_data` under a flag, `return train_loader, test_loader` else): the
    // positions both have merged, then the longer one's (a call unpacks as many as it
    // returned: Values::bind).
    const Value &Longer = A.Elements.size() >= B.Elements.size() ? A : B;
    size_t Both = std::min(A.Elements.size(), B.Elements.size());
    Value Out;
    for (size_t I = 0; I < Longer.Elements.size(); ++I)
      Out.Elements.push_back(I < Both ? merge(A.Elements[I], B.Elements[I]) : Longer.Elements[I]);
    Out.Ragged = A.Ragged || B.Ragged || A.Elements.size() != B.Elements.size();
    // Two dicts of loaders (one per branch, of different splits): still one.
    if (A.K == B.K && A.Class == B.Class) {
      Out.K = A.K;
      Out.Class = A.Class;
    }
    return Out;
  }
  // A tuple on one path, a tensor on the other (`return out, h, w` under return_h_w, else
  // `return out`): the tensor, which a call that unpacks takes apart as the tuple (h, w stay
  // numbers), and one that does not uses whole.
  if (A.Elements.empty() != B.Elements.empty()) {
    const Value &Tuple = A.Elements.empty() ? B : A, &Single = A.Elements.empty() ? A : B;
    if (Tuple.K == Kind::Other && Single.tensor()) {
      Value Out = Single;
      Out.Elements = Tuple.Elements;
      Out.Ragged = true;
      return Out;
    }
  }
  // An input of unknown place on one path, copied to the host on another (a detector's
  // `if mode == "cpu": x = x.cpu()`): a tensor, on the host only on that path, so its place
  // is the input's.
  // (A copy, `.cpu()`; not a host factory's tensor, from_numpy(data) on one path and
  // data.detach() on the other, which stays on the host.)
  auto HostOnOnePath = [](const Value &X, const Value &Y) {
    return X.Assumed && X.tensor() && Y.madeTensor() && Y.Where == Place::Cpu &&
           X.Where != Place::Cpu && Y.HostCopy;
  };
  for (auto [X, Y] : {std::pair(&A, &B), std::pair(&B, &A)})
    if (HostOnOnePath(*X, *Y)) {
      Value Out = *Y;
      Out.placeOf(*X);
      Out.Pinned = false;
      Out.FromParams = X->FromParams;
      Out.LikeParams = X->LikeParams | Y->LikeParams;
      Out.Assumed = X->Assumed; // a tensor by where it is used on the input's path
      return Out;
    }
  if (GivesWay(A, B))
    return B;
  if (GivesWay(B, A))
    return A;
  if (A.K != B.K)
    return Value();
  Value Out = A;
  // An object or a module of one class or of another (a greedy or a beam-search decoder,
  // nn.CTCLoss or nn.CrossEntropyLoss by a flag): of either, each of whose methods may run
  // (methodsOfObject); a library's checks of one class see neither.
  if ((A.K == Kind::Object || A.K == Kind::Module) && A.Class != B.Class) {
    Out.Class = mergedClasses(A.Class, B.Class);
    Out.Elements.clear();
  }
  Out.Where = A.Where == Place::Cuda || B.Where == Place::Cuda ? Place::Cuda
              : A.Where == Place::Cpu && B.Where == Place::Cpu ? Place::Cpu
                                                               : Place::Unknown;
  const Value &Reason = A.Where == Place::Cuda ? A : B.Where == Place::Cuda ? B : A;
  Out.Why = Reason.Why;
  Out.HostCopy = Reason.HostCopy && Out.Where == Place::Cpu;
  Out.Mask = A.Mask && B.Mask;
  Out.ZeroDimIndex = A.ZeroDimIndex && B.ZeroDimIndex;
  Out.HostIndex = A.HostIndex && B.HostIndex;
  Out.Rank = A.Rank == B.Rank ? A.Rank : -1;
  Out.Pinned = A.Pinned && B.Pinned;
  Out.Empty = A.Empty && B.Empty;
  Out.Assumed = A.Assumed && B.Assumed;
  // What torch.load read on one path and mapped to the host on another: no load's state on
  // every path (its load_state_dict may copy from the host).
  if (A.Class == Checkpoint && (A.Where == Place::Cpu) != (B.Where == Place::Cpu))
    Out.Class.clear();
  // On CUDA through a path of its own whatever the parameters: its own; else what either
  // came through decides it.
  bool OwnCuda =
      (A.Where == Place::Cuda && !A.FromParams) || (B.Where == Place::Cuda && !B.FromParams);
  Out.FromParams = OwnCuda ? 0 : A.FromParams | B.FromParams;
  // Made of parameters only when every path made it so.
  Out.LikeParams = A.LikeParams && B.LikeParams ? A.LikeParams | B.LikeParams : 0;
  return Out;
}

Value ownedHere(Value V) {
  fromParameter(V, 0);
  forgetLikeParameters(V);
  return V;
}

void forgetLikeParameters(Value &V) {
  V.LikeParams = 0;
  for (Value &E : V.Elements)
    forgetLikeParameters(E);
}

void fromParameter(Value &V, uint32_t Bit) {
  V.FromParams = Bit;
  for (Value &E : V.Elements)
    fromParameter(E, Bit);
}

std::vector<unsigned> parameterIndices(uint32_t FromParams) {
  std::vector<unsigned> Out;
  for (unsigned I = 0; I < 32; ++I)
    if (FromParams & (1u << I))
      Out.push_back(I);
  return Out;
}

std::vector<std::string> parameterNames(TSNode Def, const Values &V) {
  std::vector<std::string> Names;
  TSNode Params = field(Def, "parameters");
  for (TSNode P : namedChildren(Params)) {
    if (is(P, "identifier"))
      Names.emplace_back(V.text(P));
    else if (is(P, "default_parameter") || is(P, "typed_default_parameter"))
      Names.emplace_back(V.text(field(P, "name")));
    else if (is(P, "typed_parameter") && ts_node_named_child_count(P) > 0 &&
             is(ts_node_named_child(P, 0), "identifier"))
      Names.emplace_back(V.text(ts_node_named_child(P, 0)));
    else if (is(P, "list_splat_pattern") || is(P, "keyword_separator") ||
             (is(P, "typed_parameter") && ts_node_named_child_count(P) > 0 &&
              is(ts_node_named_child(P, 0), "list_splat_pattern")))
      Names.emplace_back("*"); // *args, *: no positional argument binds past it
    else if (!is(P, "comment") && !is(P, "positional_separator")) // `/` is no parameter
      Names.emplace_back("**");                                   // **kwargs
  }
  return Names;
}

std::vector<std::pair<size_t, TSNode>>
boundArguments(TSNode Call, const std::vector<std::string> &Params, bool Method, const Values &V) {
  std::vector<std::pair<size_t, TSNode>> Out;
  size_t Position = Method ? 1 : 0; // self is the receiver
  bool Positional = true;           // until *args in the call, or * in the parameters
  TSNode Args = field(Call, "arguments");
  if (is(Args, "generator_expression")) { // f(x for x in xs): one positional argument
    if (Position < Params.size() && Params[Position][0] != '*')
      Out.emplace_back(Position, Args);
    return Out;
  }
  for (TSNode A : namedChildren(Args)) {
    if (is(A, "comment"))
      continue;
    if (is(A, "keyword_argument")) {
      std::string_view Name = V.text(field(A, "name"));
      size_t P = std::find(Params.begin(), Params.end(), Name) - Params.begin();
      if (P < Params.size())
        Out.emplace_back(P, field(A, "value"));
      continue;
    }
    if (is(A, "list_splat") || is(A, "dictionary_splat"))
      Positional = false; // the positions after *args are not known
    if (Positional && Position < Params.size() &&
        (Params[Position] == "*" || Params[Position] == "**"))
      Positional = false; // into the callee's *args
    if (Positional && Position < Params.size())
      Out.emplace_back(Position++, A);
  }
  return Out;
}

TSNode argumentFor(TSNode Call, const std::vector<std::string> &Params, size_t Param, bool Method,
                   const Values &V) {
  for (const auto &[P, Expr] : boundArguments(Call, Params, Method, V))
    if (P == Param)
      return Expr;
  return TSNode{};
}

bool placed(const Value &V) {
  return V.tensor() || V.K == Kind::Module || V.K == Kind::State || V.K == Kind::Device;
}

bool throughParameters(const Value &V) {
  return V.FromParams || V.LikeParams ||
         std::any_of(V.Elements.begin(), V.Elements.end(),
                     [](const Value &E) { return throughParameters(E); });
}

namespace {
// What a call returns when the callee's result is of the parameters Returned.LikeParams
// names: a tensor where the tensors this call passes there are (combined: CUDA if any is);
// of the caller's own such parameters when it passes those and no tensor; else nothing
// known.
Value likeArguments(const Value &Returned, TSNode Call, const std::vector<std::string> &Params,
                    bool Method, const Scope &S, const Values &V) {
  std::optional<Value> Placed;
  uint32_t Like = 0;
  for (size_t I = 0; I < 32; ++I) {
    if (!(Returned.LikeParams & (1u << I)))
      continue;
    TSNode A = argumentFor(Call, Params, I, Method, V);
    Value Passed = ts_node_is_null(A) ? Value() : V.of(A, S);
    // What is not a tensor (a number, a value of unknown kind) places nothing, as in
    // `x * s` (combine).
    if (Passed.tensor())
      Placed = Placed ? combined(*Placed, Passed) : Passed;
    else if (Passed.K == Kind::Other && Passed.LikeParams && Passed.Elements.empty())
      Like |= Passed.LikeParams;
  }
  Value Out = ownedHere(Returned);
  if (Like && !Placed) { // f(x) inside g(x): of g's parameters in turn
    Out.LikeParams = Like;
    return Out;
  }
  if (Like || !Placed)
    return Out;
  Out.K = Kind::Tensor;
  Out.placeOf(*Placed);
  Out.FromParams = Placed->FromParams;
  Out.Pinned = false;
  return Out;
}
} // namespace

Value throughArguments(const Value &Returned, TSNode Call, const std::vector<std::string> &Params,
                       bool Method, const Scope &S, const Values &V) {
  if (!Returned.Elements.empty()) {
    Value Out = Returned;
    for (Value &E : Out.Elements)
      E = throughArguments(E, Call, Params, Method, S, V);
    return Out;
  }
  // Made of the callee's parameters of unknown kind: placed by this call's tensors. A value
  // that also came through parameters (bound by calls in the callee's file, then sliced:
  // `return x[0]`) is such a value too, when nothing places it.
  if (Returned.LikeParams && Returned.Where == Place::Unknown &&
      (!Returned.FromParams || !placed(Returned)))
    return likeArguments(Returned, Call, Params, Method, S, V);
  if (!Returned.FromParams || !placed(Returned)) {
    Value Out = Returned;
    forgetLikeParameters(Out); // the callee's parameters, not this caller's
    return Out;
  }
  // Placed as an op on what the call passes there would be (combined: CUDA if any is).
  std::optional<Value> Placed;
  for (size_t I = 0; I < 32; ++I) {
    if (!(Returned.FromParams & (1u << I)))
      continue;
    TSNode A = argumentFor(Call, Params, I, Method, V);
    Value Passed = ts_node_is_null(A) ? Value() : V.of(A, S);
    if (!placed(Passed))
      return ownedHere(Returned); // a default, or a value of no known place: the merge
    Passed.K = Kind::Tensor;
    Placed = Placed ? combined(*Placed, Passed) : Passed;
  }
  Value Out = Returned;
  Out.placeOf(*Placed);
  Out.FromParams = Placed->FromParams;
  forgetLikeParameters(Out);
  return Out;
}

// A name (meter, self.meter) or a call of one (Trainer(...), make()), not a chain's link
// (a.b().c()): each link's call evaluates its receiver, which evaluates the link before it
// twice (here and in Values::method), so a chain of n links cost 2^n.
static bool plainReceiver(TSNode Object) {
  auto Name = [](TSNode N) { return is(N, "identifier") || is(N, "attribute"); };
  if (Name(Object))
    return !is(Object, "attribute") || !is(field(Object, "object"), "call");
  if (!is(Object, "call"))
    return false;
  TSNode Fn = field(Object, "function");
  return is(Fn, "identifier") || (is(Fn, "attribute") && Name(field(Fn, "object")) &&
                                  !is(field(field(Fn, "object"), "object"), "call"));
}

std::vector<std::string_view> classesOf(const Value &V) { return classesOf(V.Class); }

std::vector<std::string_view> classesOf(std::string_view Classes) {
  std::vector<std::string_view> Out;
  std::string_view Rest = Classes;
  while (!Rest.empty()) {
    size_t Bar = Rest.find('|');
    Out.push_back(Rest.substr(0, Bar));
    Rest = Bar == std::string_view::npos ? std::string_view() : Rest.substr(Bar + 1);
  }
  return Out;
}

std::string mergedClasses(const std::string &A, const std::string &B) {
  constexpr size_t MaxClasses = 4;
  std::vector<std::string_view> All = classesOf(std::string_view(A)),
                                More = classesOf(std::string_view(B));
  if (All.empty() || More.empty())
    return "";
  for (std::string_view C : More)
    if (std::find(All.begin(), All.end(), C) == All.end())
      All.push_back(C);
  if (All.size() > MaxClasses)
    return "";
  std::sort(All.begin(), All.end()); // whatever order the values were merged in
  std::string Out;
  for (std::string_view C : All)
    Out += (Out.empty() ? "" : "|") + std::string(C);
  return Out;
}

std::optional<ObjectCall> objectCall(TSNode Call, const Scope &S, const Values &V) {
  TSNode Fn = field(Call, "function");
  // obj(...) calls its class's __call__.
  bool Attribute = is(Fn, "attribute");
  if (!Attribute && !is(Fn, "identifier"))
    return std::nullopt;
  TSNode Object = Attribute ? field(Fn, "object") : Fn;
  if (!plainReceiver(Object))
    return std::nullopt;
  Value Receiver = V.of(Object, S);
  if (Receiver.K != Kind::Object && Receiver.K != Kind::Module)
    return std::nullopt;
  std::string Method =
      calledMethod(Receiver, Attribute ? std::string(V.text(field(Fn, "attribute"))) : "__call__");
  return ObjectCall{std::move(Receiver), std::move(Method)};
}

std::vector<BoundMethod> methodsOfObject(TSNode Call, const Scope &S, const Values &V,
                                         const Ranks &R) {
  std::optional<ObjectCall> Of = objectCall(Call, S, V);
  if (!Of)
    return {};
  std::vector<BoundMethod> Out;
  for (std::string_view Class : classesOf(Of->Receiver)) {
    // A module of one of the file's module classes: model(x) runs its forward, model.m(x)
    // its method m (ssd.detect_objects(locs, scores), generator.infer(x)).
    if (Of->Receiver.K == Kind::Module && !V.ModuleClasses.count(Class))
      continue;
    if (TSNode Def = R.methodOf(std::string(Class), Of->Method); !ts_node_is_null(Def))
      Out.push_back({Def, !staticMethod(Def, V)}); // a @staticmethod binds no self
  }
  return Out;
}

std::vector<BoundMethod> calleesOf(TSNode Call, const Scope &S, const Values &V, const Ranks &R,
                                   bool *Named) {
  bool Method = false;
  TSNode Def = R.calleeOf(Call, Method);
  if (Named)
    *Named = !ts_node_is_null(Def);
  if (!ts_node_is_null(Def))
    return {{Def, Method}};
  std::vector<BoundMethod> Out = methodsOfObject(Call, S, V, R);
  if (Out.empty())
    for (TSNode Def : R.aliasedCallees(Call))
      Out.push_back({Def, false});
  return Out;
}

bool methodReturnRead(const Value &Returned) {
  return Returned.tensor() && (Returned.Where != Place::Unknown || throughParameters(Returned));
}

std::string importedMethod(TSNode Call, const Scope &S, const Values &V) {
  std::optional<ObjectCall> Of = objectCall(Call, S, V);
  if (!Of || classesOf(Of->Receiver).size() != 1)
    return "";
  return Of->Receiver.Class + "." + Of->Method;
}

TSNode methodOfObject(TSNode Call, const Scope &S, const Values &V, const Ranks &R, bool &Method) {
  std::vector<BoundMethod> Bound = methodsOfObject(Call, S, V, R);
  if (Bound.size() != 1)
    return TSNode{};
  Method = Bound[0].Method;
  return Bound[0].Def;
}

std::string calledMethod(const Value &Receiver, std::string Method) {
  return Receiver.K == Kind::Module && Method == "__call__" ? "forward" : Method;
}

std::string pythonFunctionKey(const std::string &File, const std::string &Name) {
  return "py:" + File + ":" + Name;
}

void CallArguments::record(TSNode Call, const Scope &S, const Values &V, const Ranks &R) {
  for (const BoundMethod &B : calleesOf(Call, S, V, R)) {
    std::vector<std::string> Names = parameterNames(B.Def, V);
    if (B.Method && !Names.empty())
      Names.erase(Names.begin()); // self
    pass(ByFunction[ts_node_start_byte(B.Def)], Names, Call, S, V);
  }
}

void CallArguments::recordImported(TSNode Call, const FunctionRef &F, const Scope &S,
                                   const Values &V, const std::string &HotWhy) {
  Given G;
  pass(G, F.Params, Call, S, V);
  PassedCalls Here;
  for (auto &[Name, P] : G.Params)
    Here.Params.emplace(Name, P.Merged);
  Here.HotWhy = HotWhy;
  mergeCalls(Imported[F.Path][F.Name], Here);
}

void mergeCalls(PassedCalls &Into, const PassedCalls &More) {
  for (const auto &[Name, Val] : More.Params) {
    auto [It, First] = Into.Params.emplace(Name, Val);
    if (!First)
      It->second = merge(It->second, Val);
  }
  // The first reason in text order, whatever order the files were read in.
  if (Into.HotWhy.empty() || (!More.HotWhy.empty() && More.HotWhy < Into.HotWhy))
    Into.HotWhy = More.HotWhy;
}

void CallArguments::seed(TSNode Def, const std::map<std::string, Value> &Params) {
  Given &G = ByFunction[ts_node_start_byte(Def)];
  ++G.Calls;
  for (const auto &[Name, Val] : Params) {
    Passed &P = G.Params[Name];
    P.Merged = P.Calls++ == 0 ? Val : merge(P.Merged, Val);
  }
}

void CallArguments::pass(Given &G, const std::vector<std::string> &Names, TSNode Call,
                         const Scope &S, const Values &V) {
  ++G.Calls;
  auto Given = [&](TSNode Arg) {
    Value Now = V.of(Arg, S);
    forgetLikeParameters(Now); // the caller's parameters, not the callee's
    return Now;
  };
  auto Merge = [&](const std::string &Name, Value Now) {
    Passed &P = G.Params[Name];
    P.Merged = P.Calls++ == 0 ? std::move(Now) : merge(P.Merged, Now);
  };
  auto Pass = [&](const std::string &Name, TSNode Arg) {
    if (!Name.empty() && Name[0] != '*')
      Merge(Name, Given(Arg));
  };
  TSNode Args = field(Call, "arguments");
  if (is(Args, "generator_expression")) { // f(x for x in xs): one positional argument
    if (!Names.empty() && Names[0][0] != '*')
      Pass(Names[0], Args);
    return;
  }
  size_t Positional = 0;
  bool PastSplat = false;
  Value Rest; // the positional arguments *args takes, a tuple
  bool IntoRest = false;
  for (TSNode A : namedChildren(Args)) {
    if (is(A, "keyword_argument")) {
      // Only a parameter's name: another keyword goes to **kwargs.
      std::string Name(V.text(field(A, "name")));
      if (std::find(Names.begin(), Names.end(), Name) != Names.end())
        Pass(Name, field(A, "value"));
    } else if (is(A, "list_splat") || is(A, "dictionary_splat")) {
      PastSplat = true; // f(*args): the positions after it are not known
    } else if (!is(A, "comment") && !PastSplat && Positional < Names.size()) {
      // The next positional parameter's, or the tuple *args takes.
      if (Names[Positional] == "*") {
        Rest.Elements.push_back(Given(A));
        IntoRest = true;
      } else if (Names[Positional][0] != '*') {
        Pass(Names[Positional++], A);
      }
    }
  }
  // save_on_master(state, path) into `def save_on_master(*args, **kwargs)`: args, under "*"
  // (CallArguments::bind names it).
  if (IntoRest && !PastSplat)
    Merge("*", std::move(Rest));
}

namespace {
// Notes in Reads that Key was read when its count was Count (two counts: stale).
void noteRead(std::map<uint32_t, unsigned> &Reads, uint32_t Key, unsigned Count, unsigned Stale) {
  auto [It, First] = Reads.emplace(Key, Count);
  if (!First && It->second != Count)
    It->second = Stale;
}
} // namespace

void WalkInputs::bind(TSNode Def, Scope &Local, const Values &V) const {
  uint32_t Key = ts_node_start_byte(Def);
  if (Before.ByFunction.count(Key)) {
    BoundBefore.insert(Key);
    Before.bind(Def, Local, V);
    return;
  }
  auto It = Now.ByFunction.find(Key);
  noteRead(BoundNow, Key, It == Now.ByFunction.end() ? 0 : It->second.Calls, Stale);
  Now.bind(Def, Local, V);
}

const Value *WalkInputs::returned(TSNode Def) const {
  if (ts_node_is_null(Def))
    return nullptr;
  uint32_t Key = ts_node_start_byte(Def);
  if (Before.Returns.count(Key)) {
    ReturnedBefore.insert(Key);
    return Before.returned(Def);
  }
  auto It = Now.Returns.find(Key);
  noteRead(ReturnedNow, Key, It == Now.Returns.end() ? 0 : It->second.Calls, Stale);
  return Now.returned(Def);
}

bool WalkInputs::readWhatItEndedWith(bool (*Same)(const Value &, const Value &)) const {
  auto SamePassed = [&](const CallArguments::Passed &A, const CallArguments::Passed &B) {
    return A.Calls == B.Calls && Same(A.Merged, B.Merged);
  };
  auto SameGiven = [&](const CallArguments::Given &A, const CallArguments::Given &B) {
    return A.Calls == B.Calls && std::equal(A.Params.begin(), A.Params.end(), B.Params.begin(),
                                            B.Params.end(), [&](const auto &X, const auto &Y) {
                                              return X.first == Y.first &&
                                                     SamePassed(X.second, Y.second);
                                            });
  };
  // Read from Before: what Now ended with is the same. From Now: nothing was added after.
  auto Unchanged = [](const std::map<uint32_t, unsigned> &Reads, const auto &Ended) {
    for (const auto &[Key, Count] : Reads) {
      auto It = Ended.find(Key);
      if (Count == Stale || Count != (It == Ended.end() ? 0 : It->second.Calls))
        return false;
    }
    return true;
  };
  auto SameAsBefore = [](const std::set<uint32_t> &Reads, const auto &Old, const auto &Ended,
                         auto &&Equal) {
    for (uint32_t Key : Reads)
      if (auto It = Ended.find(Key); It == Ended.end() || !Equal(Old.at(Key), It->second))
        return false;
    return true;
  };
  return Unchanged(BoundNow, Now.ByFunction) && Unchanged(ReturnedNow, Now.Returns) &&
         SameAsBefore(BoundBefore, Before.ByFunction, Now.ByFunction, SameGiven) &&
         SameAsBefore(ReturnedBefore, Before.Returns, Now.Returns, SamePassed);
}

bool CallArguments::equal(const CallArguments &O,
                          bool (*Same)(const Value &, const Value &)) const {
  auto SamePassed = [&](const auto &A, const auto &B) {
    return A.first == B.first && A.second.Calls == B.second.Calls &&
           Same(A.second.Merged, B.second.Merged);
  };
  auto SameGiven = [&](const auto &A, const auto &B) {
    return A.first == B.first && A.second.Calls == B.second.Calls &&
           std::equal(A.second.Params.begin(), A.second.Params.end(), B.second.Params.begin(),
                      B.second.Params.end(), SamePassed);
  };
  return std::equal(ByFunction.begin(), ByFunction.end(), O.ByFunction.begin(), O.ByFunction.end(),
                    SameGiven) &&
         std::equal(Returns.begin(), Returns.end(), O.Returns.begin(), O.Returns.end(), SamePassed);
}

void CallArguments::recordReturn(TSNode Def, const Value &Returned) {
  if (ts_node_is_null(Def))
    return;
  Passed &P = Returns[ts_node_start_byte(Def)];
  P.Merged = P.Calls++ == 0 ? Returned : merge(P.Merged, Returned);
}

const Value *CallArguments::returned(TSNode Def) const {
  auto It = ts_node_is_null(Def) ? Returns.end() : Returns.find(ts_node_start_byte(Def));
  return It == Returns.end() ? nullptr : &It->second.Merged;
}

namespace {
// The class's name when Def is a method of one of the file's module classes (forward(), a
// loss's, an algorithm's update(minibatches)), not __init__ or another dunder; else "".
std::string methodOfModule(TSNode Def, const Values &V) {
  if (V.text(field(Def, "name")).substr(0, 2) == "__")
    return "";
  TSNode Body = parentOf(Def);
  if (is(Body, "decorated_definition"))
    Body = parentOf(Body);
  TSNode Class = parentOf(Body);
  if (!is(Body, "block") || !is(Class, "class_definition"))
    return "";
  std::string Name(V.text(field(Class, "name")));
  return V.ModuleClasses.count(Name) ? Name : "";
}
} // namespace

void CallArguments::bind(TSNode Def, Scope &Local, const Values &V) const {
  TSNode Params = field(Def, "parameters");
  std::set<std::string, std::less<>> Defaulted;
  for (TSNode P : namedChildren(Params)) {
    if (is(P, "default_parameter") || is(P, "typed_default_parameter")) {
      std::string Name(V.text(field(P, "name")));
      Local.Names[Name] = V.of(field(P, "value"), Local);
      Defaulted.insert(std::move(Name));
    }
  }
  std::vector<std::string> Names = parameterNames(Def, V);
  auto It = ByFunction.find(ts_node_start_byte(Def));
  if (It != ByFunction.end())
    bindPassed(It->second, Names, Local);
  // What the calls passed into *args, bound to its name.
  if (auto Rest = Local.Names.find("*"); Rest != Local.Names.end()) {
    Value Tuple = std::move(Rest->second);
    Local.Names.erase(Rest);
    for (TSNode P : namedChildren(Params))
      if (is(P, "list_splat_pattern") && ts_node_named_child_count(P) > 0)
        Local.Names[std::string(V.text(ts_node_named_child(P, 0)))] = std::move(Tuple);
  }
  // A parameter no call gives a value of known kind (a helper that other modules call, or
  // that is given values of unknown kind): what tensor ops make of it is a tensor where a
  // call passes one (Value::LikeParams). A name the scope finds elsewhere (a global of the
  // same name) is left as the walk reads it.
  for (size_t I = 0; I < Names.size() && I < 32; ++I) {
    const std::string &Name = Names[I];
    if (Name == "*" || Name == "**" || Name == "self" || Name == "cls" || Defaulted.count(Name))
      continue; // a default (eps=1e-5) is what a call that leaves it out gets
    auto Bound = Local.Names.find(Name);
    if (Bound == Local.Names.end() && !Local.find(Name))
      Local.Names[Name].LikeParams = 1u << I;
    else if (Bound != Local.Names.end() && Bound->second.K == Kind::Other &&
             Bound->second.Elements.empty())
      Bound->second.LikeParams = 1u << I;
  }
  // A module class's methods' inputs, where no call in view says what they are: tensors (a
  // module is called with tensors, where the module is), of a place nothing here says.
  std::string Class = methodOfModule(Def, V);
  if (Class.empty())
    return;
  // Untyped, or typed as a tensor (`x: torch.Tensor`; not `H: int`); one with a default
  // (mask=None, train=False) is its default, as for any function.
  bool First = !staticMethod(Def, V); // self
  for (TSNode P : namedChildren(Params)) {
    bool Typed = is(P, "typed_parameter");
    TSNode NameNode = Typed && ts_node_named_child_count(P) > 0 ? ts_node_named_child(P, 0) : P;
    if (!is(NameNode, "identifier") || std::exchange(First, false) ||
        (Typed && V.text(field(P, "type")).find("Tensor") == std::string_view::npos))
      continue;
    auto Bound = Local.Names.find(V.text(NameNode));
    if (Bound == Local.Names.end() || Bound->second.K != Kind::Other ||
        !Bound->second.Elements.empty() || !Bound->second.Class.empty())
      continue;
    Bound->second.K = Kind::Tensor;
    Bound->second.Assumed = true;
    Bound->second.Why =
        "an input of `" + Class + "." + std::string(V.text(field(Def, "name"))) + "()`";
  }
}

void CallArguments::bindPassed(const Given &G, const std::vector<std::string> &Names,
                               Scope &Local) {
  for (const auto &[Name, P] : G.Params) {
    auto Default = Local.Names.find(Name);
    // A default that some calls leave out stays in the merge (f(x) and f(x, device=d)).
    bool EveryCall = P.Calls == G.Calls;
    Value &Bound = Local.Names[Name] =
        EveryCall || Default == Local.Names.end() ? P.Merged : merge(Default->second, P.Merged);
    size_t I = std::find(Names.begin(), Names.end(), Name) - Names.begin();
    fromParameter(Bound, I < 32 ? 1u << I : 0); // past 32: its own (no call finding)
  }
}

} // namespace hostsync::python
