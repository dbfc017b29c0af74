#include "python/PythonLinter.h"
#include "rules/RuleIds.h"

namespace hostsync::python {

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
    report(Left, rule::BoolMaskIndex, "t[mask] op= v", Target,
           "updating " + phrase(Target.Where) +
               " through a boolean mask in place (t[mask] += v) reads t[mask] and writes it "
               "back: each counts the mask's true elements on the host, waiting for every "
               "kernel queued before it");
  else if (Target.tensor() && Written.tensor() && maskIndexed(Left, S))
    report(Left, rule::BoolMaskIndex, "t[mask] = tensor", Target,
           "writing a tensor through a boolean mask of " + phrase(Target.Where) +
               " counts the mask's true elements on the host first: it waits for every "
               "kernel queued before it");
  // gain[2:6] = torch.tensor(shape)[...]: a host tensor written into a CUDA one is a
  // copy to the device, which the host waits for (a number written is a fill).
  else if (Target.tensor() && Target.Where == Place::Cuda && Written.tensor() &&
           Written.Where == Place::Cpu)
    report(Left, rule::HostToDeviceCopy, "t[i] = host tensor", Target,
           "writing a host tensor (" + Written.Why +
               ") into a CUDA tensor copies it to "
               "the device: the host waits for the copy and every kernel queued before it");
  // features[start:end, :] = ff: a CUDA tensor written into a host one is a copy to
  // the host, which waits for the kernels that make it. Not `images[0] =
  // images[0].cuda()`: a batch's list of tensors, its element replaced.
  else if (Target.tensor() && Target.Where == Place::Cpu && !Target.Sequence && Written.tensor() &&
           Written.Where == Place::Cuda && !Written.Sequence &&
           (ts_node_is_null(Right) || V.text(Right).substr(0, V.text(Left).size()) != V.text(Left)))
    report(Left, rule::DeviceToHostCopy, "t[i] = CUDA tensor", Written,
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
      report(Left, rule::HostToDeviceCopy, Element ? "t[i] = number" : "t[index] = number", Target,
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
    Placed.placeOf(Moved);
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
      return report(Index, rule::HostToDeviceCopy, "t[list]", Target,
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
      return report(Index, rule::HostToDeviceCopy, "t[host index]", Target,
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
  report(Subscript, rule::Item, "data[0]", L,
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

} // namespace hostsync::python
