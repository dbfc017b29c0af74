// Values::of: an expression's value (PythonValues.h), and what a load gives.
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

Value Values::of(TSNode E, const Scope &S) const {
  if (ts_node_is_null(E))
    return Value();
  const TSSymbol Sym = symbolOf(E); // E is tested against type after type
  // (x), and *args given on (`torch.save(*args, **kwargs)`): the tuple args holds.
  if (is(Sym, "parenthesized_expression") || is(Sym, "list_splat"))
    return of(ts_node_named_child(E, 0), S);
  if (is(Sym, "identifier") || is(Sym, "attribute")) {
    if (const Value *Known = S.find(text(E)))
      return *Known;
    if (isCudaTensorType(E))
      return cudaType(E);
    if (is(Sym, "attribute")) {
      Value Object = of(field(E, "object"), S);
      std::string_view Attr = text(field(E, "attribute"));
      // (x.max(dim=1).values and .indices: the named tuple's tensors, where x is.)
      if (Object.tensor() &&
          oneOf(Attr, {"T", "mT", "H", "data", "grad", "real", "imag", "values", "indices"})) {
        Object.Mask &= Attr != "grad" && Attr != "indices";
        Object.Elements.clear();
        return Object;
      }
      if (Object.tensor() && Attr == "device") {
        Object.K = Kind::Device;
        return Object;
      }
      // The module a wrapper holds (DistributedDataParallel(model).module): where it is.
      if (Object.K == Kind::Module && Attr == "module")
        return Object;
      // meter.avg of an object of the file's classes: what its methods set on self.avg.
      if (Object.K == Kind::Object && AttributesOf)
        if (const auto *Set = AttributesOf(Object.Class))
          if (auto It = Set->find("self." + std::string(Attr)); It != Set->end())
            return It->second;
    }
    return Value();
  }
  if (is(Sym, "call")) {
    // A tensor's method or a torch function of a module's input (x.any(), torch.sum(keep))
    // says it is a tensor; F.pad(x), a helper's f(x), and the moves and casts that other
    // objects have too (instances.to(device), x.float()) say no more than x did.
    Value Made = call(E, S);
    if (Made.Assumed)
      Made.Assumed = assumedCall(E) == AssumedCall::StillAssumed;
    return Made;
  }
  if (is(Sym, "none")) {
    Value None;
    None.K = Kind::None;
    return None;
  }
  if (is(Sym, "integer")) {
    Value Int;
    Int.K = Kind::Int;
    Int.Why = quote(text(E)) + " at line " + std::to_string(line(E));
    return Int;
  }
  if (is(Sym, "string")) // "cuda:0" names a device; other text is not one
    return namedDevice(E, S);
  if (is(Sym, "expression_list") || is(Sym, "tuple") ||
      is(Sym, "list")) { // return feats, labels; [train_loader, eval_loader]
    NamedChildren Parts(E);
    if (Parts.size() > MaxTupleValues) // a table of constants: not read value by value
      return Value();
    Value Tuple;
    for (TSNode Part : Parts) {
      if (is(Part, "list_splat")) // (*a, b): the positions are not known
        return Value();
      if (!is(Part, "comment"))
        Tuple.Elements.push_back(of(Part, S));
    }
    // `xs = [xs, t]` in a loop nests one level a walk: past a few dozen values it is of
    // unknown type, not a value that doubles at each walk.
    return valuesIn(Tuple) > MaxTupleValues ? Value() : Tuple;
  }
  // {x: DataLoader(...) for x in ["train", "val"]}: a dict of loaders.
  if (is(Sym, "dictionary_comprehension")) {
    // {k.replace("module.", ""): v for k, v in ckpt.items()}: the checkpoint, keys renamed.
    for (TSNode C : namedChildren(E))
      if (TSNode Over = field(C, "right");
          is(C, "for_in_clause") && is(Over, "call") &&
          text(field(field(Over, "function"), "attribute")) == "items")
        if (Value Whole = of(field(field(Over, "function"), "object"), S);
            Whole.Class == Checkpoint)
          return Whole;
    TSNode Body = field(E, "body");
    Value Item = is(Body, "pair") ? comprehended(E, field(Body, "value"), S) : Value();
    // {k: v.to(device) for k, v in batch.items()}: a dict of tensors where its values are.
    if (Item.tensor() && Item.Where != Place::Unknown) {
      Item.Sequence = true;
      Item.Mask = false;
      Item.forgetShape();
      return Item;
    }
    if (Item.K != Kind::Loader)
      return Value();
    Value Loaders;
    Loaders.Class = LoaderDict;
    Loaders.Elements.push_back(Item);
    return Loaders;
  }
  if (is(Sym, "list_comprehension") || is(Sym, "generator_expression")) {
    // [b.to(device) for b in boxes]: a list of what its body makes of the elements.
    Value Item = comprehended(E, field(E, "body"), S);
    if (Item.K == Kind::Int && Item.Elements.empty() && is(Sym, "list_comprehension")) {
      // [i for i, w in enumerate(words) if w != end]: a Python list of numbers, which a
      // CUDA tensor indexed by it copies to the device (Linter::listIndex); no number (not
      // a size, not a device index).
      Value Numbers;
      Numbers.Class = NumberList;
      return Numbers;
    }
    if (!Item.tensor())
      return Value();
    Item.Sequence = true;
    Item.Mask = false;
    Item.forgetShape();
    return Item;
  }
  if (is(Sym, "subscript")) {
    // loss.data[0]: PyTorch 0.3's Python number of a loss (Linter::oldItem reports its read),
    // not a tensor that a print or a format would read again.
    if (TSNode Data = field(E, "value");
        is(Data, "attribute") && text(field(Data, "attribute")) == "data" &&
        text(field(E, "subscript")) == "0" && lossName(field(Data, "object")))
      return Value();
    Value V = of(field(E, "value"), S);
    if (V.K == Kind::Module) // self.layers[i]
      return element(V);
    if (V.Class == LoaderDict && V.Elements.size() == 1) // dataloaders[phase]
      return V.Elements[0];
    if (V.Class == Checkpoint) // checkpoint["model"]: where the load put it
      return V;
    // read_frame(path)[0]: the tuple's first value.
    if (TSNode At = field(E, "subscript"); !V.Elements.empty() && is(At, "integer")) {
      long I = std::strtol(std::string(text(At)).c_str(), nullptr, 10);
      return I >= 0 && static_cast<size_t>(I) < V.Elements.size() ? V.Elements[I] : Value();
    }
    if (V.K == Kind::Other && V.LikeParams && V.Elements.empty()) {
      V.Sequence = false; // correct[:k], res[0]: what its parameters make it
      return V;
    }
    if (!V.tensor())
      return Value();
    V.Mask = false;     // an element or slice of a mask is a mask, but reading it is not masking
    V.Sequence = false; // an element of a list of tensors is a tensor
    // perm[i]: one of them, read as a number; perm[:k]: still a host index.
    bool Slice = is(field(E, "subscript"), "slice");
    bool Index = V.HostIndex && Slice;
    V.forgetShape();
    V.HostIndex = Index;
    return V;
  }
  if (is(Sym, "binary_operator")) {
    Value L = of(field(E, "left"), S), R = of(field(E, "right"), S);
    // [torch.zeros((0, 6))] * n: a list of n such tensors.
    if (is(field(E, "left"), "list") && L.Elements.size() == 1 && L.Elements[0].tensor() &&
        text(field(E, "operator")) == "*") {
      Value Item = L.Elements[0];
      Item.Sequence = true;
      Item.Mask = false;
      Item.forgetShape();
      Item.Empty = false; // its elements are written later (output[i] = ...)
      return Item;
    }
    Value Out = combine({L, R});
    if (!Out.tensor() && (L.LikeParams || R.LikeParams) && L.Elements.empty() &&
        R.Elements.empty()) { // correct_k * (100.0 / batch_size)
      Value Like;
      Like.LikeParams = L.LikeParams | R.LikeParams;
      return Like;
    }
    std::string_view Op = text(field(E, "operator"));
    // a & b of masks (or of a mask and a bool tensor); a * b of two masks is their AND
    // (bool times bool stays bool: a DQN's `l[(u > 0) * (l == u)]`).
    Out.Mask = Out.tensor() && ((oneOf(Op, {"&", "|", "^"}) && (L.Mask || R.Mask)) ||
                                (Op == "*" && L.Mask && R.Mask));
    return Out;
  }
  if (is(Sym, "comparison_operator")) {
    // "x is None" and "x in names" compare objects, not values.
    std::string_view T = text(E);
    if (T.find(" is ") != std::string_view::npos || T.find(" in ") != std::string_view::npos)
      return Value();
    Value Out;
    for (TSNode Child : namedChildren(E))
      Out = combine({Out, of(Child, S)});
    Out.Mask = Out.tensor();
    return Out;
  }
  if (is(Sym, "unary_operator")) {
    Value V = of(field(E, "argument"), S);
    return V.tensor() ? V : Value();
  }
  // A dict of state (`{'model': model.state_dict(), 'epoch': epoch}`): state that torch.save
  // copies from where its tensors are, the device of the one that may be on CUDA.
  if (is(Sym, "dictionary")) {
    Value Dict;
    bool Tensors = false, Pinned = false;
    for (TSNode Pair : namedChildren(E))
      if (is(Pair, "pair")) {
        addEntry(Dict, of(field(Pair, "value"), S), Tensors);
        // {'num_workers': 1, 'pin_memory': True}: a DataLoader's **kwargs that pin its batches.
        Pinned |= text(field(Pair, "value")) == "True" &&
                  text(field(Pair, "key")).find("pin_memory") != std::string_view::npos;
      }
    if (Dict.K != Kind::State) {
      Dict.Class = DictClass;
      Dict.Pinned = Pinned;
    }
    return Dict;
  }
  if (is(Sym, "conditional_expression")) {
    Value A = of(ts_node_named_child(E, 0), S), B = of(ts_node_named_child(E, 2), S);
    if (A.K == Kind::Device || B.K == Kind::Device)
      return deviceOf(E, S);
    // Beam(...) if beam else Greedy(...): an object of either class, as after an if statement.
    if (A.K == B.K && (A.K == Kind::Object || A.K == Kind::Module))
      return merge(A, B);
    // {'pin_memory': True} if use_cuda else {}: pinned where there is a GPU.
    if (A.Class == DictClass && B.Class == DictClass) {
      A.Pinned |= B.Pinned;
      return A;
    }
    return A.tensor() && B.tensor() ? combine({A, B}) : Value();
  }
  return Value();
}

// torch.Tensor([]), torch.tensor([]), torch.zeros(0): data of no elements (torch.tensor's
// `[]` or `()`; the legacy torch.Tensor's `[]`, or its size 0), or the one size 0 (zeros,
// ones, empty: of a size `[]` or `()` they make one element, a 0-dim tensor).
bool Values::madeEmpty(TSNode Call, std::string_view Factory) const {
  if (!ts_node_is_null(argument(Call, 1, nullptr)))
    return false;
  std::string_view Given = text(argument(Call, 0, nullptr));
  if (Factory == "tensor")
    return Given == "[]" || Given == "()";
  if (Factory.size() >= 6 && Factory.substr(Factory.size() - 6) == "Tensor") // LongTensor...
    return Given == "[]" || Given == "0";
  return Given == "0" || Given == "[0]" || Given == "(0,)";
}

bool Values::loadsToHost(TSNode Load, const Scope &S) const {
  TSNode Map = argument(Load, 0, "map_location");
  if (ts_node_is_null(Map))
    return false;
  auto NamesCuda = [&](TSNode N) { return text(N).find("cuda") != std::string_view::npos; };
  if (is(Map, "lambda"))
    return !NamesCuda(Map);
  if (is(Map, "dictionary")) { // where each saved device goes
    NamedChildren Pairs(Map);
    return std::none_of(Pairs.begin(), Pairs.end(),
                        [&](TSNode P) { return NamesCuda(field(P, "value")); });
  }
  return deviceOf(Map, S).Where == Place::Cpu;
}

bool Values::movedAfterLoad(TSNode Load) const {
  // `mel = torch.load(path)`, then `mel = mel.cuda()` (or `model(mel.to(device))`) further in
  // the same function: a tensor the program moves to the GPU itself, saved from the host (a
  // preprocessing step's features). Not a move whose result is dropped (`model.cuda()`: a
  // whole pickled module moving in place), nor a network's name.
  TSNode Assign = parentOf(Load);
  if (!is(Assign, "assignment") || !is(field(Assign, "left"), "identifier"))
    return false;
  std::string_view Name = text(field(Assign, "left"));
  if (networkName(Name))
    return false;
  TSNode Def = enclosingFunction(Assign);
  if (ts_node_is_null(Def)) // a script's top level: the module
    for (Def = Assign; !ts_node_is_null(parentOf(Def));)
      Def = parentOf(Def);
  uint32_t After = ts_node_end_byte(Assign);
  std::vector<TSNode> Pending{Def};
  while (!Pending.empty()) {
    TSNode N = Pending.back();
    Pending.pop_back();
    if (ts_node_end_byte(N) <= After)
      continue;
    if (is(N, "call") && ts_node_start_byte(N) >= After) {
      TSNode Fn = field(N, "function");
      std::string_view Move = is(Fn, "attribute") ? text(field(Fn, "attribute")) : "";
      if ((Move == "cuda" || (Move == "to" && !ts_node_is_null(argument(N, 0, nullptr)))) &&
          text(field(Fn, "object")) == Name && !is(parentOf(N), "expression_statement"))
        return true;
    }
    for (TSNode C : namedChildren(N))
      Pending.push_back(C);
  }
  return false;
}

// torch.load(f, map_location=m): the checkpoint's tensors where m puts them: on the host
// (loadsToHost), on CUDA when m names a CUDA device (`map_location=device`, "cuda:0", `loc`
// holding one), else where they were saved from, which nothing here says.
Value Values::loaded(TSNode Call, const Scope &S) const {
  if (ts_node_is_null(argument(Call, 0, "map_location")) && movedAfterLoad(Call))
    return tensorAt(Place::Cpu, quote(text(Call)) + " at line " + std::to_string(line(Call)) +
                                    ", a tensor the program moves to the GPU itself");
  Value State;
  State.K = Kind::State;
  State.Class = Checkpoint;
  TSNode Map = argument(Call, 0, "map_location");
  if (ts_node_is_null(Map))
    return State;
  Value To = deviceOf(Map, S);
  State.Where = loadsToHost(Call, S) ? Place::Cpu
                : To.Where == Place::Cuda || text(Map).find("cuda") != std::string_view::npos
                    ? Place::Cuda
                    : Place::Unknown;
  if (State.Where != Place::Unknown)
    State.Why = quote(text(Call)) + " at line " + std::to_string(line(Call));
  State.FromParams = State.Where == Place::Cuda ? To.FromParams : 0;
  return State;
}

} // namespace hostsync::python
