#include "python/PythonLinter.h"
#include "rules/RuleIds.h"

namespace hostsync::python {

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
    report(E, rule::Item, "bool()", T,
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
      report(E, rule::BoolMaskIndex, "t[mask]", Target,
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
        report(E, rule::PrintTensor, "%-format", T,
               "formatting " + phrase(T.Where) +
                   " into a string with % copies its values to the host: it waits for every "
                   "kernel queued before it");
        break;
      }
  }
  if (is(Sym, "interpolation")) {
    Value T = V.of(field(E, "expression"), S);
    if (T.madeTensor())
      report(E, rule::PrintTensor, "f-string", T,
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
      report(Parts[I], rule::ScalarTensorIndex, "0-dim index", Index,
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
        report(Bound, rule::Item, "slice bound", B,
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
  report(At, rule::Item, Op, Element, std::move(Message),
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
      return report(Call, rule::PrintTensor, "str.format", *T,
                    "formatting " + phrase(T->Where) +
                        " into a string with str.format copies its values to the host: it "
                        "waits for every kernel queued before it");
  }
}

} // namespace hostsync::python
