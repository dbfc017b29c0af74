// A method's value, torch's functions, containers and their elements, and binding names
// (PythonValues.h).
#include "python/PythonValueParts.h"
#include "python/PythonGuesses.h"
#include "python/PythonCalls.h"
#include "model/OpTable.h"
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace hostsync::python {

// What a row's columns make of a result from In (the receiver, or a torch function's
// first argument): its device column, and its dtype column for a mask.
Value Values::byRow(const OpRow &R, Value In, TSNode Call, const Scope &S) const {
  std::string Where = quote(text(Call)) + " at line " + std::to_string(line(Call));
  TSNode Device = argument(Call, 0, "device");
  TSNode Dtype = argument(Call, 0, "dtype");
  Value Out = In;
  Out.Sequence = false; // torch.cat(list of tensors) is one tensor
  switch (R.Device) {
  case ResultDevice::Cuda:
    Out.Where = Place::Cuda;
    Out.FromParams = 0;
    Out.Why = "`.cuda()` at line " + std::to_string(line(Call));
    Out.HostCopy = false;
    Out.Pinned = false;
    break;
  case ResultDevice::Cpu:
    Out = tensorAt(Place::Cpu, Where);
    Out.HostCopy = R.Name == "cpu"; // a copy; torch.from_numpy(a) makes one of host data
    break;
  case ResultDevice::PinnedCpu:
    Out.Where = Place::Cpu;
    Out.Pinned = true;
    break;
  case ResultDevice::CopyTarget: {
    TSNode Target = argument(Call, 0, nullptr);
    Out = movedTo(In, ts_node_is_null(Target) ? Device : Target, Call, S);
    break;
  }
  case ResultDevice::NamedElseCpu:
    if (const Value *D = defaultDeviceIn(S))
      Out = tensorAt(Place::Cuda, D->Why);
    else
      Out = tensorAt(Place::Cpu, "made on the CPU by " + Where + " (no device=)");
    Out = movedTo(Out, Device, Call, S);
    break;
  case ResultDevice::LikeSelf:
    Out = movedTo(In, Device, Call, S);
    break;
  case ResultDevice::FromInputs:
    Out = combine({In, of(argument(Call, R.Python == PythonSpelling::Method ? 0 : 1, nullptr), S)});
    break;
  }
  if (!Out.tensor())
    return Out;
  // An index-valued full reduction (argmax, argmin: no dim, nor any other argument but the
  // torch function's tensor): a 0-dim index.
  Out.ZeroDimIndex = R.Shape == ResultShape::ZeroDimWithoutDim && R.Dtype == ResultDtype::Index &&
                     ts_node_named_child_count(field(Call, "arguments")) ==
                         (text(field(field(Call, "function"), "object")) == "torch" ? 1u : 0u);
  Out.HostIndex = R.Device == ResultDevice::NamedElseCpu && R.Dtype == ResultDtype::Index &&
                  R.Shape == ResultShape::SizeList && Out.Where == Place::Cpu;
  if (R.Shape == ResultShape::SizeList && R.Values == ResultValues::New)
    Out.Rank = sizeRank(Call, S);
  else if (R.Shape != ResultShape::Keep && R.Shape != ResultShape::KeepRank)
    Out.Rank = -1;
  std::string_view Cast = text(ts_node_is_null(Dtype) ? argument(Call, 0, nullptr) : Dtype);
  Out.Mask = R.Dtype == ResultDtype::Bool ||
             (R.Dtype == ResultDtype::FromArgument && Cast == "torch.bool") ||
             ((R.Dtype == ResultDtype::Keep || R.Values == ResultValues::Same) && In.Mask);
  return Out;
}

Value Values::method(TSNode Call, TSNode Receiver, std::string_view Name, const Scope &S) const {
  Value Self = of(Receiver, S);
  // X.state_dict(): X's tensors (a module's where it is; an optimizer's, unknown here).
  if (Name == "state_dict" && (Self.K == Kind::Module || Self.unknownType())) {
    Value State = Self;
    State.K = Kind::State;
    return State;
  }
  // x.cpu() of a value of unknown type: whatever x was, its copy is on the host.
  if (Name == "cpu" && Self.unknownType()) {
    Value Copy = tensorAt(Place::Cpu, "`.cpu()` at line " + std::to_string(line(Call)));
    Copy.HostCopy = true;
    return Copy;
  }
  if (Self.K == Kind::Module) {
    // A module moves whole (model.to(device), model.cuda()) and returns itself from its
    // settings (model.train()); model.forward(x) is model(x).
    if (std::optional<OpRow> R = row(Name, /*IsMethod=*/true);
        R && (R->Device == ResultDevice::Cuda || R->Device == ResultDevice::Cpu ||
              R->Device == ResultDevice::CopyTarget)) {
      Value Moved = byRow(*R, Self, Call, S);
      Moved.K = Kind::Module;
      return Moved;
    }
    if (oneOf(Name, {"train", "eval", "half", "float", "double", "bfloat16", "requires_grad_",
                     "share_memory", "apply", "to_empty"}))
      return Self;
    if (Name == "forward") {
      Value In = of(argument(Call, 0, nullptr), S);
      return In.tensor() ? In : weightsOf(Self);
    }
    // Its tensors, where it is (`get_grad_norm(model.parameters())`).
    if (Name == "parameters" || Name == "buffers") {
      Value Tensors = Self;
      Tensors.forgetShape();
      Tensors.K = Kind::Tensor;
      Tensors.Sequence = true;
      Tensors.Class.clear();
      return Tensors;
    }
    // A method of a module of no class in view (a loaded detector's
    // `model.detect_objects(locs, scores)`, a VAE's `decode(z)`) given a tensor: a tensor
    // where the module and that tensor are, as its call gives.
    Value In = of(argument(Call, 0, nullptr), S);
    if (Self.Class.empty() && In.tensor() && !In.Sequence && In.Elements.empty()) {
      In.Mask = false;
      return Self.Where == Place::Cuda ? combine({weightsOf(Self), In}) : In;
    }
    return Value();
  }
  // t.type(torch.int64) casts on t's device; t.type(torch.cuda.FloatTensor) (or that name as
  // a string) makes a CUDA copy; t.type() is the type's name.
  if (Self.tensor() && Name == "type") {
    TSNode To = argument(Call, 0, nullptr);
    if (ts_node_is_null(To))
      To = argument(Call, 0, "dtype");
    if (ts_node_is_null(To))
      return Value();
    if (text(To).find("cuda") == std::string_view::npos && deviceOf(To, S).Where != Place::Cuda)
      return Self;
    Value Out = Self;
    Out.Where = Place::Cuda;
    Out.Why = quote(text(Call)) + " at line " + std::to_string(line(Call));
    Out.HostCopy = false;
    Out.Pinned = false;
    return Out;
  }
  // x.to(device), x.cuda() of a value of unknown kind (a parameter no call in view gives
  // one): what is moved to CUDA is there, a tensor (a module, by its name: `model.cuda()`),
  // taken as a module's inputs are (Value::Assumed: a batch's dict has .to() too).
  // So is a whole module torch.load read, by its name (`model = torch.load(path)`, then
  // `model = model.cuda()`).
  bool LoadedNetwork =
      Self.Class == Checkpoint && networkName(lastPart(text(Receiver))) && Self.Elements.empty();
  if (((Self.unknownType() && Self.Elements.empty() && Self.Class.empty()) || LoadedNetwork) &&
      (Name == "to" || Name == "cuda"))
    if (std::optional<OpRow> R = row(Name, /*IsMethod=*/true)) {
      Value Moved = byRow(*R, tensorAt(Place::Unknown, ""), Call, S);
      if (Moved.tensor() && Moved.Where == Place::Cuda) {
        Moved.Assumed = true;
        if (networkName(lastPart(text(Receiver))))
          Moved.K = Kind::Module;
        return Moved;
      }
    }
  if (Self.K == Kind::Other && Self.LikeParams && Self.Elements.empty() && !oneOf(Name, NotTensor))
    return likeParameters(Call, Name, Self, S);
  if (!Self.tensor() || oneOf(Name, NotTensor))
    return Value();
  // What is a tensor only by where it is used (a module's input, an object moved with
  // .to(device)) is one only through a tensor's methods: not through a dict's, a list's, a
  // string's or a structure's (kwargs.get("mask"), instances.has("gt_masks"),
  // data.metadata(), name.split(",")).
  if (Self.Assumed && assumedCall(Call) == AssumedCall::NoTensor)
    return Value();
  std::optional<OpRow> R = row(Name, /*IsMethod=*/true);
  Value Out = R ? byRow(*R, Self, Call, S) : Value();
  // A cast of an empty tensor is empty too.
  Out.Empty = Self.Empty && Out.tensor() &&
              oneOf(Name, {"long", "float", "int", "half", "double", "bool", "byte", "type",
                           "contiguous", "detach", "clone", "to"});
  return Out;
}

Value Values::likeParameters(TSNode Call, std::string_view Name, const Value &Self,
                             const Scope &S) const {
  std::optional<OpRow> R = row(Name, /*IsMethod=*/true);
  if (!R || (R->Device != ResultDevice::FromInputs && R->Device != ResultDevice::LikeSelf))
    return Value();
  Value Out = byRow(*R, tensorAt(Place::Unknown, ""), Call, S);
  if (!Out.tensor() || Out.Where != Place::Unknown)
    return Out; // placed by an argument (output.eq(labels_on_cuda))
  Value Like;
  Like.LikeParams = Self.LikeParams | Out.LikeParams;
  return Like;
}

Value Values::torchFunction(TSNode Call, std::string_view Name, const Scope &S) const {
  if (Name == "device")
    return deviceOf(Call, S);
  // torch.compile(model): the module it wraps, where it is (call() says the same of the other
  // wrappers, whose names are not torch's functions').
  if (Name == "compile") {
    Value Wrapped = of(argument(Call, 0, nullptr), S);
    if (Wrapped.K == Kind::Module || !Wrapped.Class.empty())
      return Wrapped; // (of an AveragedModel: its methods are its own)
    Value M;
    M.K = Kind::Module;
    M.Class = "compile";
    return M;
  }
  // torch.is_tensor(p), torch.is_floating_point(t), torch.numel(t): a Python bool or number
  // of a tensor, whose truth reads nothing.
  if (Name.substr(0, 3) == "is_" || oneOf(Name, {"numel", "typename", "equal", "allclose"}))
    return Value(); // (torch.equal, torch.allclose: a Python bool, read by the op itself)
  std::optional<OpRow> R = row(Name, /*IsMethod=*/false);
  if (!R)
    return Value();
  Value In = of(argument(Call, 0, nullptr), S);
  if (!In.Elements.empty()) { // torch.cat([a, b]), torch.stack((x, y)): where their tensors are
    Value Parts;
    bool Masks = true;
    for (const Value &E : In.Elements) {
      Parts = combined(Parts, E);
      Masks &= E.Mask;
    }
    In = Parts;
    In.Mask = Masks && In.tensor();
  }
  uint32_t Like = In.Elements.empty() ? In.LikeParams : 0;
  if (!In.tensor() && R->Device != ResultDevice::NamedElseCpu && R->Device != ResultDevice::Cpu)
    In = combine({In, of(argument(Call, 1, nullptr), S), of(argument(Call, 2, nullptr), S)});
  if (!In.tensor() && R->Device != ResultDevice::NamedElseCpu && R->Device != ResultDevice::Cpu) {
    // torch.isfinite(p.grad) of a value nothing here knows: a tensor all the same (torch's
    // ops return tensors), where its input is, which nothing says.
    if (In.K != Kind::Other || R->Device != ResultDevice::FromInputs)
      return Value();
    if (!listedOp(Name)) {
      // torch.abs(x) of a helper's parameter: a tensor where a call's tensors are, still of
      // unknown kind here; not what tests or counts (torch.is_tensor(x), torch.numel(x)).
      Value Unlisted;
      Unlisted.LikeParams = Like;
      return Unlisted;
    }
    In = tensorAt(Place::Unknown, "");
    In.LikeParams = Like; // where a call's tensors are (torch.topk(output, 5) in a helper)
  }
  Value Out = byRow(*R, In, Call, S);
  // torch.cat(fg_masks) of a list of masks (or of masks written out): a mask. (The shared
  // op table leaves cat's dtype unread, as the C++ rules have it.)
  Out.Mask |= Out.tensor() && In.Mask &&
              oneOf(Name, {"cat", "concat", "concatenate", "stack", "hstack", "vstack"});
  return Out;
}

std::optional<Value> Values::oneModuleClass(TSNode List, const Scope &S) const {
  std::vector<TSNode> Items;
  if (is(List, "list_comprehension"))
    Items.push_back(field(List, "body"));
  else if (is(List, "list"))
    for (TSNode Item : namedChildren(List))
      Items.push_back(Item);
  std::optional<Value> One;
  for (TSNode Item : Items) {
    if (!is(Item, "call"))
      return std::nullopt;
    Value M = of(Item, S); // its class, whatever its arguments (a comprehension's own names)
    if (M.K != Kind::Module || !ModuleClasses.count(M.Class) || (One && One->Class != M.Class))
      return std::nullopt;
    One = M;
  }
  return One;
}

// What Part of the comprehension E makes, its loop variables bound in a scope of their own
// (as the linter walks it). A comprehension over another is read again by each level (its
// value, then its elements): past a few levels that doubling would be exponential, so
// deeper ones are of unknown type.
Value Values::comprehended(TSNode E, TSNode Part, const Scope &S) const {
  if (Comprehensions >= MaxComprehensions)
    return Value();
  struct Deeper {
    unsigned &Depth;
    explicit Deeper(unsigned &D) : Depth(++D) {}
    ~Deeper() { --Depth; }
  } InThis(Comprehensions);
  Scope Inner;
  Inner.Globals = &S;
  Inner.Class = S.Class;
  for (TSNode C : namedChildren(E))
    if (is(C, "for_in_clause"))
      bindIteration(field(C, "left"), field(C, "right"), Inner);
  return of(Part, Inner);
}

Value Values::element(const Value &Container) const {
  if (Container.K == Kind::Module && Container.Class == "ModuleList" &&
      Container.Elements.size() == 1) {
    Value One = Container.Elements[0];
    One.placeOf(Container); // moved with the module that holds it
    One.FromParams = Container.FromParams;
    return One;
  }
  // A module of a list of modules of unknown classes (a distillation trainer's `module_list =
  // nn.ModuleList([]); module_list.append(model_s)`, then `module_list[0]`): a module of no
  // known class, on CUDA when the list was moved there whole (`module_list.cuda()`); else of
  // no known place (a module appended keeps its own). Not a ModuleDict's: its loop gives keys.
  if (Container.K == Kind::Module && Container.Elements.empty() &&
      oneOf(Container.Class, {"ModuleList", "Sequential"})) {
    Value Any;
    Any.K = Kind::Module;
    if (Container.Where == Place::Cuda) {
      Any.placeOf(Container);
      Any.FromParams = Container.FromParams;
    }
    return Any;
  }
  return Value();
}

std::string Values::madeOnCpu(TSNode Call) const {
  return "made on the CPU by " + quote(text(Call)) + " at line " + std::to_string(line(Call));
}

Value Values::itemOf(Value Of) const {
  Of.K = Kind::Tensor;
  Of.Mask = false;
  Of.Sequence = false;
  Of.Elements.clear();
  Of.forgetShape(); // for i in torch.randperm(n): i is a number
  return Of;
}

void Values::bindIteration(TSNode Left, TSNode Iter, Scope &S) const {
  // zip(a, b) unpacked into as many names: each name an element of its own iterable
  // (`for group, n in zip(ids, counts)`).
  if (is(Iter, "call") && text(field(Iter, "function")) == "zip" &&
      (is(Left, "pattern_list") || is(Left, "tuple_pattern") || is(Left, "list_pattern"))) {
    NamedChildren Names(Left);
    std::vector<TSNode> Zipped;
    for (unsigned I = 0; I < Names.size(); ++I)
      Zipped.push_back(argument(Iter, I, nullptr));
    bool Each = ts_node_is_null(argument(Iter, Names.size(), nullptr)) &&
                std::none_of(Zipped.begin(), Zipped.end(), ts_node_is_null) &&
                std::none_of(Names.begin(), Names.end(), [](TSNode N) {
                  return is(N, "list_splat_pattern") || is(N, "comment");
                });
    if (Each) {
      for (unsigned I = 0; I < Names.size(); ++I)
        bindIteration(Names[I], Zipped[I], S);
      return;
    }
  }
  // range(n) counts: each name a number (an index, as `t[i]`'s i is).
  if (is(Iter, "call") && text(field(Iter, "function")) == "range" && is(Left, "identifier")) {
    Value Position;
    Position.K = Kind::Int;
    Position.Why = "`range` at line " + std::to_string(line(Iter));
    bind(Left, Position, S);
    return;
  }
  // enumerate(x) and zip-like wrappers (tqdm(loader)) iterate their first argument; with
  // enumerate, the index is a number and the element comes second.
  // A method given a loader first iterates it too (metric_logger.log_every(loader, 10)).
  bool Enumerated =
      text(field(Iter, "function")) == "enumerate" && ts_node_named_child_count(Left) == 2;
  // Each value read once: a generator's value reads the generators inside it.
  TSNode Source = Iter;
  Value From = of(Source, S);
  while (is(Source, "call") && From.K != Kind::Loader) {
    TSNode First = argument(Source, 0, nullptr);
    if (ts_node_is_null(First))
      break;
    Value FirstValue = of(First, S);
    if (is(field(Source, "function"), "attribute") && FirstValue.K != Kind::Loader)
      break;
    Source = First;
    From = std::move(FirstValue);
  }
  Value Element;
  std::string_view Listed = text(field(field(Source, "function"), "attribute"));
  Value Owner = of(field(field(Source, "function"), "object"), S);
  if (is(Source, "call") && (Listed == "parameters" || Listed == "named_parameters" ||
                             Listed == "buffers" || Listed == "named_buffers")) {
    // A module's tensors, where the module is; named_*: (name, tensor).
    Element.K = Kind::Tensor;
    if (Owner.K == Kind::Module)
      Element.placeOf(Owner);
    Element.FromParams = Owner.K == Kind::Module ? Owner.FromParams : 0;
    if (Listed.substr(0, 6) == "named_" && !Enumerated && ts_node_named_child_count(Left) == 2) {
      bind(ts_node_named_child(Left, 0), Value(), S);
      Left = ts_node_named_child(Left, 1);
    }
  } else if (is(Source, "call") && (Listed == "items" || Listed == "values") &&
             (Owner.tensor() ||
              (Owner.K == Kind::State && Owner.Sequence && Owner.Where != Place::Unknown))) {
    // A batch that is a dict of tensors (`for k, v in cond.items()`): its tensors, where it is.
    // A dict written out with tensors in it (a speech trainer's `scalar_dict = {"loss/g/total":
    // loss_gen_all, "learning_rate": lr}`, summarised by a helper's `writer.add_scalar(k, v)`): the
    // same; not one of modules only ({"G": G.cuda()}).
    Element = itemOf(Owner);
    if (Listed == "items" && !Enumerated && ts_node_named_child_count(Left) == 2) {
      bind(ts_node_named_child(Left, 0), Value(), S);
      Left = ts_node_named_child(Left, 1);
    }
  } else if (is(Source, "call") && (Listed == "items" || Listed == "values") &&
             Owner.Class == Checkpoint) {
    // `for k, v in ckpt["state_dict"].items()`: each tensor where the load put it (a new dict
    // filled with them, keys renamed, is that checkpoint: addEntry).
    Element = Owner;
    if (Listed == "items" && !Enumerated && ts_node_named_child_count(Left) == 2) {
      bind(ts_node_named_child(Left, 0), Value(), S);
      Left = ts_node_named_child(Left, 1);
    }
  } else if (From.K == Kind::Loader || From.tensor()) {
    Element = itemOf(From);
  } else if (From.K == Kind::Module) {
    Element = element(From); // for layer in self.layers: layer(x, mask)
  } else if (From.Class == DictClass || From.Class == LoaderDict) {
    Element.Class = DictKey;
  }
  if (Enumerated) {
    Value Index; // a number: the position
    Index.K = Kind::Int;
    Index.Why = "`enumerate` at line " + std::to_string(line(Iter));
    bind(ts_node_named_child(Left, 0), Index, S);
    Left = ts_node_named_child(Left, 1);
  }
  // `for x, y in minibatches` of a module's input: a batch's tensors each, as an input is
  // (not the sizes an input unpacked as it is may hold).
  if (Element.Assumed && Element.Elements.empty() &&
      (is(Left, "pattern_list") || is(Left, "tuple_pattern") || is(Left, "list_pattern"))) {
    for (TSNode Name : namedChildren(Left))
      bind(Name, Element, S);
    return;
  }
  bind(Left, Element, S);
}

void Values::bind(TSNode Target, const Value &V, Scope &S) const {
  if (is(Target, "identifier") || is(Target, "attribute")) {
    S.set(std::string(text(Target)), V);
    return;
  }
  if (is(Target, "pattern_list") || is(Target, "tuple_pattern") || is(Target, "list_pattern") ||
      is(Target, "tuple") || is(Target, "list")) {
    NamedChildren Names(Target);
    // feats, labels = f(): each name its value, when f's tuple has as many, or more when it
    // is a merge of tuples of different lengths (this call's has as many as it unpacks, or
    // Python would raise).
    if (!V.Elements.empty() &&
        (V.Elements.size() == Names.size() || (V.Ragged && V.Elements.size() > Names.size())) &&
        std::none_of(Names.begin(), Names.end(),
                     [](TSNode N) { return is(N, "list_splat_pattern") || is(N, "comment"); })) {
      for (size_t I = 0; I < Names.size(); ++I)
        bind(Names[I], V.Elements[I], S);
      return;
    }
    Value Part = V;
    Part.Sequence = false; // acc1, acc5 = a list of tensors
    Part.forgetShape();    // idx1, idx2 = perm[:2]: its elements, numbers
    // _, pred = output.topk(5): of the parameters output is. An input of forward() unpacked
    // (`q_h, q_w = q_size`) is a tuple of sizes as often as of tensors.
    if (V.K == Kind::Other || V.Assumed) {
      Part = Value();
      Part.LikeParams = V.LikeParams;
    }
    for (TSNode Child : Names)
      bind(Child, Part, S);
  }
}

} // namespace hostsync::python
