#include "python/PythonValues.h"
#include "python/PythonGuesses.h"

#include "python/PythonCalls.h"

#include "model/OpTable.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace hostsync::python {

void Scope::set(std::string Name, Value V) {
  auto It = Names.find(Name);
  if (Journal)
    Journal->push_back({Name, It == Names.end() ? std::nullopt : std::optional<Value>(It->second)});
  if (It == Names.end())
    Names.emplace(std::move(Name), std::move(V));
  else
    It->second = std::move(V);
}

bool Values::computed(TSNode E, TSNode At, const Scope &S) const {
  // An op's or a call's result, or a part of one (`out[:, :n]`, `log_std.exp()`, `a / t`), or
  // a name that the function around At binds only to such results (`mean, log_std =
  // out[:, :n], out[:, n:]`); not a number, a name of one, a parameter or an attribute
  // (`Normal(0, sigma)`, `Beta(alpha, alpha)` of a config's number, `self.eps`).
  auto Made = [](TSNode R) {
    if (is(R, "unary_operator")) // -x: of what x is
      R = field(R, "argument");
    return is(R, "call") || is(R, "subscript") || is(R, "binary_operator");
  };
  if (Made(E))
    return !pythonNumber(E, S);
  if (!is(E, "identifier"))
    return false;
  TSNode Def = enclosingFunction(At);
  if (ts_node_is_null(Def))
    return false;
  std::string_view Name = text(E);
  bool Bound = false, Always = true;
  // Each assignment of Name in the function (not in a nested one): its right side, or the
  // part of a tuple's that lands on it.
  std::vector<TSNode> Pending{field(Def, "body")};
  while (!Pending.empty() && Always) {
    TSNode N = Pending.back();
    Pending.pop_back();
    if (is(N, "function_definition") || is(N, "class_definition"))
      continue;
    if (is(N, "assignment")) {
      TSNode Left = field(N, "left"), Right = field(N, "right");
      if (text(Left) == Name) {
        Bound = true;
        Always &= Made(Right);
      } else if (is(Left, "pattern_list") || is(Left, "tuple_pattern")) {
        NamedChildren Names(Left);
        bool Tuple = is(Right, "expression_list") || is(Right, "tuple");
        for (size_t I = 0; I < Names.size(); ++I)
          if (text(Names[I]) == Name) {
            Bound = true;
            Always &= Tuple ? I < ts_node_named_child_count(Right) &&
                                  Made(ts_node_named_child(Right, static_cast<uint32_t>(I)))
                            : Made(Right);
          }
      }
    }
    for (TSNode C : namedChildren(N))
      Pending.push_back(C);
  }
  return Bound && Always;
}

bool Values::nonBlocking(TSNode Call) const {
  return text(argument(Call, 0, "non_blocking")) == "True" ||
         text(argument(Call, 0, "async")) == "True";
}

TSNode Values::argument(TSNode Call, unsigned I, const char *Keyword) const {
  TSNode Args = field(Call, "arguments");
  TSNode None{};
  if (is(Args, "generator_expression")) // list(x.cuda() for x in xs): its one argument
    return I == 0 && !Keyword ? Args : None;
  if (!is(Args, "argument_list"))
    return None;
  // The arguments' list as the file's NodeMemo keeps it (this runs for nearly every call of
  // every walk: a cursor for each, which allocates its stack and walks the tokens between
  // the arguments too, was a twentieth of a large project's run).
  unsigned Positional = 0;
  for (TSNode A : namedChildren(Args)) {
    if (is(A, "keyword_argument")) {
      if (Keyword && text(field(A, "name")) == Keyword)
        return field(A, "value");
      continue;
    }
    if (Keyword || is(A, "comment") || is(A, "list_splat") || is(A, "dictionary_splat"))
      continue;
    if (Positional++ == I)
      return A;
  }
  return None;
}

namespace {
// The index of the quote that ends the string literal whose opening quote is at Text[I]
// (the last of a triple quote's three), or Text.size(): brackets and commas inside it
// (`help='Optimizer (default: "adamw"'`) are text, not the call's.
size_t stringEnd(std::string_view Text, size_t I) {
  char Q = Text[I];
  bool Triple = Text.substr(I, 3) == std::string(3, Q);
  for (size_t J = I + (Triple ? 3 : 1); J < Text.size(); ++J) {
    if (Text[J] == '\\')
      ++J;
    else if (Text[J] == Q && (!Triple || Text.substr(J, 3) == std::string(3, Q)))
      return Triple ? J + 2 : J;
    else if (Text[J] == '\n' && !Triple)
      return J; // an unterminated one-line string ends with its line
  }
  return Text.size();
}

// The text of the call that opens at Open (its '('), to its matching ')'.
std::string_view callText(std::string_view Text, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < Text.size(); ++I) {
    if (Text[I] == '\'' || Text[I] == '"') {
      I = stringEnd(Text, I);
      continue;
    }
    Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
    if (Depth == 0)
      return Text.substr(Open, I + 1 - Open);
  }
  return Text.substr(Open);
}

// The value of keyword Name in a call's text (`pin_mem=True`, `default='cuda'`): its text up
// to the next comma or the call's end, at the call's own depth; nullopt when it is not there.
// Where Name next appears in Text from From on, outside string literals (`help='(default=
// cpu)'` names no keyword); npos when it does not.
size_t findOutsideStrings(std::string_view Text, std::string_view Name, size_t From) {
  for (size_t I = From; I < Text.size(); ++I) {
    if (Text[I] == '\'' || Text[I] == '"')
      I = stringEnd(Text, I);
    else if (Text.compare(I, Name.size(), Name) == 0)
      return I;
  }
  return std::string_view::npos;
}

std::optional<std::string_view> keywordIn(std::string_view Text, std::string_view Name) {
  for (size_t At = findOutsideStrings(Text, Name, 0); At != std::string_view::npos;
       At = findOutsideStrings(Text, Name, At + 1)) {
    bool Starts =
        At == 0 || !(std::isalnum(static_cast<unsigned char>(Text[At - 1])) || Text[At - 1] == '_');
    size_t I = At + Name.size();
    while (I < Text.size() && Text[I] == ' ')
      ++I;
    if (!Starts || I >= Text.size() || Text[I] != '=' || Text.substr(I, 2) == "==")
      continue;
    for (++I; I < Text.size() && Text[I] == ' ';)
      ++I;
    size_t End = I;
    for (int Depth = 0; End < Text.size(); ++End) {
      char C = Text[End];
      if (C == '\'' || C == '"') { // default='a,b'
        End = stringEnd(Text, End);
        continue;
      }
      if (Depth == 0 && (C == ',' || C == ')'))
        break;
      Depth += C == '(' || C == '[' ? 1 : C == ')' || C == ']' ? -1 : 0;
    }
    std::string_view Value = Text.substr(I, End - I);
    while (!Value.empty() && std::isspace(static_cast<unsigned char>(Value.back())))
      Value.remove_suffix(1);
    return Value;
  }
  return std::nullopt;
}
} // namespace

std::optional<Values::FlagDefault> Values::flagDefault(std::string_view Name) const {
  // Asked for every `args.x` a device or a loader reads: the file's text is scanned once a
  // name.
  if (auto Known = FlagDefaults.find(Name); Known != FlagDefaults.end())
    return Known->second;
  return FlagDefaults.emplace(std::string(Name), scanFlagDefault(Name)).first->second;
}

std::optional<Values::FlagDefault> Values::scanFlagDefault(std::string_view Name) const {
  std::string_view All = Text;
  auto At = [&](size_t Offset, std::string_view Value) {
    return FlagDefault{
        Value, static_cast<unsigned>(std::count(All.begin(), All.begin() + Offset, '\n')) + 1};
  };
  // parser.set_defaults(Name=True) decides, wherever it is.
  for (size_t Call = All.find("set_defaults("); Call != std::string_view::npos;
       Call = All.find("set_defaults(", Call + 1))
    if (auto Default = keywordIn(callText(All, Call + 12), Name))
      return At(Call, *Default);
  // Else the first add_argument whose dest is Name: '--name' or '--na-me', or dest='name'.
  std::string Dashed(Name);
  std::replace(Dashed.begin(), Dashed.end(), '_', '-');
  for (size_t Call = All.find("add_argument("); Call != std::string_view::npos;
       Call = All.find("add_argument(", Call + 1)) {
    std::string_view Args = callText(All, Call + 12);
    auto Names = [&](const std::string &Option) {
      return Args.find("'" + Option + "'") != std::string_view::npos ||
             Args.find("\"" + Option + "\"") != std::string_view::npos;
    };
    bool Dest = Args.find("dest=") != std::string_view::npos;
    if (!(Dest ? Names(std::string(Name))
               : Names("--" + std::string(Name)) || Names("--" + Dashed)))
      continue;
    if (auto Default = keywordIn(Args, "default"))
      return At(Call, *Default);
    if (Args.find("store_true") != std::string_view::npos)
      return At(Call, "False");
    if (Args.find("store_false") != std::string_view::npos)
      return At(Call, "True");
    return std::nullopt;
  }
  return std::nullopt;
}

std::string_view Values::text(TSNode N) const {
  if (ts_node_is_null(N))
    return {};
  uint32_t B = ts_node_start_byte(N), E = ts_node_end_byte(N);
  return std::string_view(Text).substr(B, E - B);
}

std::string calleeText(const Values &V, TSNode Call) { return V.dotted(field(Call, "function")); }

bool staticMethod(TSNode Def, const Values &V) {
  // The decorator lines right above the def, read from the text: a climb to the
  // decorated_definition (ts_node_parent descends from the root) at every method call was
  // a tenth of a run's time.
  return V.decoratorsOf(Def).find("staticmethod") != std::string_view::npos;
}

std::string_view Values::decoratorsOf(TSNode Def) const {
  size_t Start = ts_node_start_byte(Def);
  size_t From = Start == 0 ? std::string::npos : Text.rfind('\n', Start - 1);
  From = From == std::string::npos ? 0 : From + 1; // the def's own line
  while (From > 0) {                               // From - 1 is the '\n' that ends the line above
    size_t LineStart = From < 2 ? std::string::npos : Text.rfind('\n', From - 2);
    LineStart = LineStart == std::string::npos ? 0 : LineStart + 1;
    size_t First = Text.find_first_not_of(" \t", LineStart);
    if (First >= From || Text[First] != '@')
      break; // a line that is no decorator
    From = LineStart;
  }
  return std::string_view(Text).substr(From, Start - From);
}

std::string_view lastPart(std::string_view Dotted) {
  size_t Dot = Dotted.rfind('.');
  return Dot == std::string_view::npos ? Dotted : Dotted.substr(Dot + 1);
}

std::string lowered(std::string_view Name) {
  std::string Lower(Name);
  for (char &C : Lower)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return Lower;
}

bool endsWithWord(std::string_view Name, std::string_view Suffix) {
  if (Name.size() < Suffix.size())
    return false;
  std::string_view Tail = Name.substr(Name.size() - Suffix.size());
  return std::equal(Tail.begin(), Tail.end(), Suffix.begin(), [](char A, char B) {
    return std::tolower(static_cast<unsigned char>(A)) ==
           std::tolower(static_cast<unsigned char>(B));
  });
}

TSNode enclosingFunction(TSNode N) {
  for (N = parentOf(N); !ts_node_is_null(N); N = parentOf(N))
    if (is(N, "function_definition"))
      return N;
  return TSNode{};
}

void Values::readImports(TSNode Root) {
  NoDistributionChecks = Text.find("set_default_validate_args(False)") != std::string::npos;
  Names.read(Root, Text);
  for (const auto &[Local, Full] : Names.imports()) {
    if (Full == "torchvision.transforms" || Full == "torchvision.transforms.v2")
      TransformModules.insert(Local);
    if (Full == "torch.distributions")
      DistributionModules.insert(Local);
    else if (Full.compare(0, 20, "torch.distributions.") == 0)
      DistributionClasses.insert(Local); // `from torch.distributions import Normal`
  }
}

bool Values::distributionClass(std::string_view Callee) const {
  // Asked of every call: a file that names no distribution answers at once.
  if (DistributionModules.empty() && DistributionClasses.empty() &&
      (Callee.size() < 20 || Callee[6] != 'd' || Callee.substr(0, 19) != "torch.distributions"))
    return false;
  std::string_view Name = lastPart(Callee);
  // A class (Normal, OneHotCategorical), not a function (kl_divergence) or a submodule's
  // base or transform (Distribution, ExpTransform).
  if (Name.empty() || Name[0] < 'A' || Name[0] > 'Z' || Name == "Distribution" ||
      (Name.size() > 9 && Name.substr(Name.size() - 9) == "Transform"))
    return false;
  if (Callee.size() == Name.size())
    return DistributionClasses.count(Name) > 0;
  std::string_view Module = Callee.substr(0, Callee.size() - Name.size() - 1);
  return Module.substr(0, 19) == "torch.distributions" || DistributionModules.count(Module) > 0;
}

bool networkName(std::string_view Name) {
  if (!guessOn(Guess::NetworkName))
    return false;
  std::string Lower = lowered(Name);
  for (const char *Part : {"model", "net", "module", "encoder", "decoder", "generator",
                           "discriminator", "backbone", "classifier"})
    if (Lower.find(Part) != std::string::npos)
      return true;
  return false;
}

bool isDotted(std::string_view S) {
  // A character at a time: find_first_not_of with a set of 64 looks each character up in
  // the set with memchr, 3% of a large project's run.
  auto Part = [](char C) {
    return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || (C >= '0' && C <= '9') || C == '_' ||
           C == '.';
  };
  return !S.empty() && std::all_of(S.begin(), S.end(), Part);
}

std::string Values::dotted(TSNode N) const {
  std::string_view T = text(N);
  if (!isDotted(T)) {
    // An attribute split over lines ('...'.\n    format(...) inside parentheses): its parts
    // joined, as if written on one line.
    if (is(N, "attribute") && T.find_first_of(" \t\r\n\\") != std::string_view::npos)
      return dotted(field(N, "object")) + "." + std::string(text(field(N, "attribute")));
    return std::string(T);
  }
  return Names.resolve(T);
}

const Value *Scope::find(std::string_view Name) const {
  for (const Scope *S = this; S; S = S->Globals) {
    if (auto It = S->Names.find(Name); It != S->Names.end())
      return &It->second;
    if (Name.substr(0, 5) == "self." && S->Class)
      if (auto It = S->Class->Names.find(Name); It != S->Class->Names.end())
        return &It->second;
  }
  return nullptr;
}

namespace {

// Code quoted in a reason, kept short.
std::string quote(std::string_view Code) {
  std::string S(Code.substr(0, Code.find('\n')));
  if (S.size() > 48)
    S = S.substr(0, 45) + "...";
  return "`" + S + "`";
}

// The values V holds, itself and its elements', however deep.
size_t valuesIn(const Value &V) {
  size_t N = 1;
  for (const Value &E : V.Elements)
    N += valuesIn(E);
  return N;
}
constexpr size_t MaxTupleValues = 64;

Value tensorAt(Place P, std::string Why) {
  Value V;
  V.K = Kind::Tensor;
  V.Where = P;
  V.Why = std::move(Why);
  return V;
}

// A module's weights, as a tensor where the module is (with the parameters its place came
// through).
Value weightsOf(const Value &Module) {
  Value W = tensorAt(Module.Where, Module.Why);
  W.FromParams = Module.FromParams;
  return W;
}

// Where a result made from several values lives: on CUDA if any is, on the CPU if every
// tensor among them is.
Value combine(std::initializer_list<Value> Parts) {
  Value Out;
  bool AllCpu = true, AnyTensor = false;
  uint32_t Through = 0; // every part's parameters: what decides a place that is not CUDA
  for (const Value &P : Parts) {
    if (!P.tensor())
      continue;
    AnyTensor = true;
    Through |= P.FromParams;
    if (P.Where == Place::Cuda && Out.Where != Place::Cuda) {
      Out.Where = Place::Cuda;
      Out.Why = P.Why;
      Out.FromParams = P.FromParams;
    } else if (P.Where == Place::Cuda) { // on CUDA through every CUDA part's parameters
      Out.FromParams = Out.FromParams && P.FromParams ? Out.FromParams | P.FromParams : 0;
    }
    AllCpu &= P.Where == Place::Cpu;
  }
  if (!AnyTensor)
    return Value();
  Out.K = Kind::Tensor;
  // Of a module's inputs only (x * 2, n == 0): no more a tensor than they are.
  Out.Assumed = std::all_of(Parts.begin(), Parts.end(),
                            [](const Value &P) { return !P.tensor() || P.Assumed; });
  if (Out.Where != Place::Cuda)
    Out.FromParams = Through;
  if (Out.Where != Place::Cuda && AllCpu) {
    Out.Where = Place::Cpu;
    for (const Value &P : Parts)
      if (P.tensor())
        Out.Why = P.Why;
  }
  if (Out.Where == Place::Unknown) // where a call's tensors are, for the parts made so
    for (const Value &P : Parts)
      Out.LikeParams |= P.Elements.empty() ? P.LikeParams : 0;
  return Out;
}

} // namespace

Value combined(const Value &A, const Value &B) { return combine({A, B}); }

bool sameFacts(const Value &A, const Value &B) {
  return A.K == B.K && A.Where == B.Where && A.Mask == B.Mask && A.Pinned == B.Pinned &&
         A.ZeroDimIndex == B.ZeroDimIndex && A.HostIndex == B.HostIndex && A.Rank == B.Rank &&
         A.Empty == B.Empty && A.Ragged == B.Ragged && A.Assumed == B.Assumed &&
         std::equal(A.Elements.begin(), A.Elements.end(), B.Elements.begin(), B.Elements.end(),
                    sameFacts);
}

bool sameValue(const Value &A, const Value &B) {
  return sameFacts(A, B) && A.Sequence == B.Sequence && A.FromParams == B.FromParams &&
         A.LikeParams == B.LikeParams && A.Why == B.Why && A.Class == B.Class &&
         std::equal(A.Elements.begin(), A.Elements.end(), B.Elements.begin(), B.Elements.end(),
                    sameValue);
}

namespace {
// The module classes of PyTorch and its usual libraries: nn.Linear(...), models.resnet50().
bool buildsLibraryModule(std::string_view Callee) {
  for (const char *Prefix : {"nn.", "torch.nn.", "models.", "torchvision.models.", "timm."})
    if (Callee.substr(0, std::strlen(Prefix)) == Prefix) {
      std::string_view Last = lastPart(Callee);
      return Callee.substr(0, 3) == "nn." || Callee.substr(0, 9) == "torch.nn."
                 ? !Last.empty() && Last[0] >= 'A' && Last[0] <= 'Z'
                 : true;
    }
  return false;
}

// Methods of a tensor, beyond the op table's, that return one (what a value taken for a
// tensor by its use must call to be read as one: Value::Assumed).
constexpr std::initializer_list<const char *> TensorMethods = {"any",         "all",
                                                               "abs",         "float",
                                                               "long",        "int",
                                                               "half",        "double",
                                                               "bool",        "sqrt",
                                                               "exp",         "log",
                                                               "pow",         "clamp",
                                                               "clamp_",      "topk",
                                                               "sort",        "softmax",
                                                               "sigmoid",     "relu",
                                                               "tanh",        "cumsum",
                                                               "std",         "var",
                                                               "chunk",       "gather",
                                                               "scatter",     "matmul",
                                                               "mm",          "bmm",
                                                               "mul",         "add",
                                                               "sub",         "div",
                                                               "neg",         "round",
                                                               "floor",       "ceil",
                                                               "sign",        "type_as",
                                                               "new_zeros",   "new_ones",
                                                               "new_full",    "index_select",
                                                               "unique",      "masked_select",
                                                               "numpy",       "tolist",
                                                               "item",        "cpu",
                                                               "cuda",        "to",
                                                               "detach",      "clone",
                                                               "contiguous",  "unbind",
                                                               "split",       "argmax",
                                                               "argmin",      "max",
                                                               "min",         "sum",
                                                               "mean",        "float16",
                                                               "bincount",    "repeat_interleave",
                                                               "log_softmax", "exp_",
                                                               "add_",        "mul_",
                                                               "sub_",        "div_",
                                                               "fill_",       "zero_",
                                                               "copy_",       "data"};
// Methods of a tensor whose result is not a tensor.
constexpr std::initializer_list<const char *> NotTensor = {"item",
                                                           "tolist",
                                                           "numpy",
                                                           "size",
                                                           "dim",
                                                           "numel",
                                                           "nelement",
                                                           "data_ptr",
                                                           "element_size",
                                                           "stride",
                                                           "is_contiguous",
                                                           "ndimension",
                                                           "storage_offset",
                                                           "get_device",
                                                           "is_pinned",
                                                           "type",
                                                           "__len__",
                                                           "untyped_storage",
                                                           "backward",
                                                           "equal",
                                                           "allclose",
                                                           "is_floating_point",
                                                           "is_complex",
                                                           "is_nonzero",
                                                           "is_same_size"};
} // namespace

Values::AssumedCall Values::assumedCall(TSNode Call) const {
  std::string_view Fn = text(field(Call, "function"));
  std::string_view Name = lastPart(Fn);
  // Moves and casts (instances.to(device), x.float()), F.pad(x) and a helper's f(x): no more
  // a tensor than x was.
  if ((Fn.substr(0, 2) == "F." && isDotted(Fn)) || Fn.find('.') == std::string_view::npos ||
      oneOf(Name, {"to", "cuda", "cpu", "type", "float", "half", "double", "long", "int", "bool",
                   "detach", "clone", "contiguous"}))
    return AssumedCall::StillAssumed;
  // A dict's, a list's, a string's or a structure's method (kwargs.get("mask"),
  // instances.has("gt_masks"), data.metadata(), name.split(",")): no tensor.
  if ((!listedOp(Name) && !oneOf(Name, TensorMethods)) ||
      (Name == "split" && is(argument(Call, 0, nullptr), "string")))
    return AssumedCall::NoTensor;
  return AssumedCall::Tensor; // x.any(), torch.sum(keep): a tensor's
}

Value Values::namedDevice(TSNode Text, const Scope &S) const {
  Value D = deviceOf(Text, S);
  return D.Where == Place::Unknown ? Value() : D;
}

Value Values::deviceOf(TSNode E, const Scope &S) const {
  Value D;
  D.K = Kind::Device;
  if (ts_node_is_null(E))
    return Value();
  if (is(E, "keyword_argument"))
    E = field(E, "value");
  if (is(E, "parenthesized_expression"))
    return deviceOf(ts_node_named_child(E, 0), S);
  std::string_view T = text(E);
  if (is(E, "string")) {
    std::string_view Inner = T.substr(T.find_first_of("'\"") + 1);
    D.Where = Inner.substr(0, 4) == "cuda"  ? Place::Cuda
              : Inner.substr(0, 3) == "cpu" ? Place::Cpu
                                            : Place::Unknown;
    D.Why = quote(T) + " at line " + std::to_string(line(E));
    return D;
  }
  // A device's name built from a string: 'cuda:{:d}'.format(rank), "cuda:" + str(rank).
  if (is(E, "call") && is(field(E, "function"), "attribute") &&
      text(field(field(E, "function"), "attribute")) == "format" &&
      is(field(field(E, "function"), "object"), "string"))
    return deviceOf(field(field(E, "function"), "object"), S);
  if (is(E, "binary_operator") && is(field(E, "left"), "string") &&
      text(field(E, "operator")) == "+")
    return deviceOf(field(E, "left"), S);
  // A.type(): the name of A's tensor type ("torch.cuda.FloatTensor" of a CUDA A), which
  // x.type(A.type()) converts x to: a type where A is.
  if (is(E, "call") && is(field(E, "function"), "attribute") &&
      text(field(field(E, "function"), "attribute")) == "type" &&
      ts_node_named_child_count(field(E, "arguments")) == 0)
    if (Value Owner = of(field(field(E, "function"), "object"), S);
        Owner.tensor() && Owner.Where != Place::Unknown) {
      D.Where = Owner.Where;
      D.Why = Owner.Why;
      D.Class = TensorType;
      return D;
    }
  if (is(E, "integer")) { // .to(0), .cuda(1): a CUDA device's index
    D.Where = Place::Cuda;
    D.Why = "device " + std::string(T) + " at line " + std::to_string(line(E));
    return D;
  }
  if (is(E, "call") && oneOf(calleeText(*this, E), {"torch.accelerator.current_accelerator",
                                                    "torch.cuda.current_device"})) {
    // The accelerator: CUDA wherever there is one.
    D.Where = Place::Cuda;
    D.Why = quote(T) + " at line " + std::to_string(line(E));
    return D;
  }
  if (is(E, "call") && oneOf(calleeText(*this, E), {"torch.device", "device"})) {
    TSNode Type = argument(E, 0, nullptr);
    return deviceOf(ts_node_is_null(Type) ? argument(E, 0, "type") : Type, S);
  }
  if (is(E, "conditional_expression")) {
    // "cuda" if torch.cuda.is_available() else "cpu": CUDA wherever one is.
    Value A = deviceOf(ts_node_named_child(E, 0), S), B = deviceOf(ts_node_named_child(E, 2), S);
    if (A.Where == Place::Cuda || B.Where == Place::Cuda) {
      D.Where = Place::Cuda;
      D.Why = quote(T) + " at line " + std::to_string(line(E));
    }
    // torch.cuda.FloatTensor if cuda else torch.FloatTensor: a type (a GAN script's Tensor).
    if (A.Class == TensorType || B.Class == TensorType)
      D.Class = TensorType;
    return D;
  }
  if (is(E, "identifier") || is(E, "attribute")) {
    if (const Value *Known = S.find(T)) {
      if (Known->K == Kind::Device || Known->tensor())
        return *Known;
      if (Known->K == Kind::Int) {
        D.Where = Place::Cuda;
        D.Why = "the device index " + quote(T) + " (" + Known->Why + ")";
        return D;
      }
    }
    if (isCudaTensorType(E)) // torch.cuda.FloatTensor: a type whose tensors are on CUDA
      return cudaType(E);
    if (std::string D = dotted(E); D.compare(0, 6, "torch.") == 0) // torch.float16: a dtype
      return Value();
    std::string_view Last = lastPart(T);
    if (Last.find("dtype") != std::string_view::npos)
      return Value();
    // var.device of a tensor (or a module) the file knows: where it is (a host tensor's
    // device is the host's: `.to(var.device)` of another host tensor copies nothing).
    if (is(E, "attribute") && Last == "device")
      if (Value Owner = of(field(E, "object"), S);
          (Owner.tensor() || Owner.K == Kind::Module) && Owner.Where != Place::Unknown) {
        Owner.K = Kind::Device;
        Owner.Elements.clear();
        return Owner;
      }
    // args.device of an argparse flag whose default names one (`default='cuda'`).
    if (is(E, "attribute"))
      if (auto Default = flagDefault(Last); Default && !Default->Text.empty() &&
                                            (Default->Text[0] == '\'' || Default->Text[0] == '"')) {
        std::string_view Named = Default->Text.substr(1);
        D.Where = Named.substr(0, 4) == "cuda"  ? Place::Cuda
                  : Named.substr(0, 3) == "cpu" ? Place::Cpu
                                                : Place::Unknown;
        D.Why = "the default of `--" + std::string(Last) + "`, " + std::string(Default->Text) +
                ", at line " + std::to_string(Default->Line);
        return D;
      }
    return D; // a device nothing here names: a parameter, a flag without a default
  }
  Value V = of(E, S);
  if (V.tensor()) // .to(other): other's device
    return V;
  if (V.K == Kind::Device)
    return V;
  if (V.K == Kind::Int) { // .to(int(rank))
    D.Where = Place::Cuda;
    D.Why = "the device index " + V.Why;
    return D;
  }
  return D;
}

void Values::readDefaultDevice(TSNode Root) {
  for (const char *Setter : {"set_default_tensor_type", "set_default_device"}) {
    std::string_view Name = Setter;
    for (size_t At = Text.find(Name); At != std::string::npos; At = Text.find(Name, At + 1)) {
      TSNode N = ts_node_descendant_for_byte_range(Root, static_cast<uint32_t>(At),
                                                   static_cast<uint32_t>(At + Name.size()));
      for (int Up = 0; Up < 3 && !ts_node_is_null(N) && !is(N, "call"); ++Up)
        N = parentOf(N);
      if (ts_node_is_null(N) || !is(N, "call") || lastPart(dotted(field(N, "function"))) != Name)
        continue;
      // 'torch.cuda.FloatTensor', torch.cuda.FloatTensor, 'cuda', 'cuda:0', and the ternary
      // of a CUDA and a CPU type (a GPU run's default, as a device's ternary counts as CUDA).
      if (text(argument(N, 0, nullptr)).find("cuda") == std::string_view::npos)
        continue;
      DefaultDevice = Value();
      DefaultDevice.K = Kind::Device;
      DefaultDevice.Where = Place::Cuda;
      DefaultDevice.Why = quote(text(N)) + " at line " + std::to_string(line(N));
      if (Name == "set_default_tensor_type")
        DefaultDevice.Class = TensorType;
      return;
    }
  }
}

bool Values::isCudaTensorType(TSNode E) const {
  if (!is(E, "attribute"))
    return false;
  std::string D = dotted(E);
  return D.compare(0, 11, "torch.cuda.") == 0 && D.size() > 17 &&
         D.compare(D.size() - 6, 6, "Tensor") == 0;
}

bool Values::constructorCopies(TSNode Call, const Scope &S) const {
  TSNode Arg = argument(Call, 0, nullptr);
  if (ts_node_is_null(Arg) || !ts_node_is_null(argument(Call, 1, nullptr)))
    return false; // nothing, or sizes
  if (is(Arg, "integer") || of(Arg, S).K == Kind::Int)
    return false;
  if (is(Arg, "call")) { // imgs.size(0), len(x), x.numel(), torch.Size(shape)
    std::string_view Last = lastPart(text(field(Arg, "function")));
    return Last != "size" && Last != "len" && Last != "numel" && Last != "Size";
  }
  // A name of one count of unknown kind (`opt.batchSize`, `num_envs`, `hidden_dim`): a size.
  if ((is(Arg, "identifier") || is(Arg, "attribute")) && countName(lastPart(text(Arg))) &&
      of(Arg, S).unknownType())
    return false;
  // imgs.shape[0]: a size; imgs.shape: sizes too.
  TSNode Of = is(Arg, "subscript") ? field(Arg, "value") : Arg;
  return !(is(Of, "attribute") && text(field(Of, "attribute")) == "shape");
}

Value Values::cudaType(TSNode E) const {
  Value D;
  D.K = Kind::Device;
  D.Where = Place::Cuda;
  D.Why = quote(text(E)) + " at line " + std::to_string(line(E));
  D.Class = TensorType;
  return D;
}

void addEntry(Value &Dict, const Value &Entry, bool &Tensors) {
  Tensors |= Entry.tensor();
  if ((Entry.tensor() || Entry.K == Kind::Module || Entry.K == Kind::State) &&
      Entry.Where != Place::Cpu && (Dict.K != Kind::State || Entry.Where == Place::Cuda)) {
    Dict = Entry;
    Dict.K = Kind::State;
  }
  Dict.Sequence = Dict.K == Kind::State && Tensors && Dict.Elements.empty();
}

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

Value Values::call(TSNode Call, const Scope &S) const {
  TSNode Fn = field(Call, "function");
  std::string CalleeName = dotted(Fn);
  std::string_view Callee = CalleeName;
  std::string_view Last = lastPart(Callee);
  if (Callee == "torch.load")
    return loaded(Call, S);
  // Tensor(n, 3) of a name holding a tensor type (`Tensor = torch.cuda.FloatTensor if cuda
  // else torch.FloatTensor`): a tensor where the type's tensors are.
  if (const Value *Type =
          Callee.find('.') == std::string_view::npos && isDotted(Callee) ? S.find(Callee) : nullptr;
      Type && Type->K == Kind::Device && Type->Class == TensorType) {
    Value Made = tensorAt(Type->Where, Type->Why);
    Made.FromParams = Type->FromParams;
    return Made;
  }
  // "cuda:{}".format(gpu) names a device as the string does.
  if (Last == "format" && is(field(Fn, "object"), "string"))
    return namedDevice(Call, S);
  // Normal(mu, sigma), D.Categorical(logits=x): a distribution where its parameters are,
  // when it checks them (validate_args not turned off for the call or the program).
  if (!NoDistributionChecks && distributionClass(Callee) &&
      text(argument(Call, 99, "validate_args")) != "False") {
    // On CUDA if a parameter is; on the host if all are. Of values whose kind nothing in view
    // says (a network's output taken apart, `Normal(out[:, :n], out[:, n:].exp())` of an
    // actor a base class builds): a tensor's, place unknown. Not of numbers (Normal(0.0,
    // 1.0)), nor of parameters alone (Normal(0, sigma): what a call passes decides).
    Value Dist;
    bool OfUnknown = false;
    for (TSNode Arg : namedChildren(field(Call, "arguments"))) {
      TSNode Given = is(Arg, "keyword_argument") ? field(Arg, "value") : Arg;
      Value Of = of(Given, S);
      Dist = combine({Dist, Of});
      OfUnknown |= Of.unknownType() && computed(Given, Call, S);
    }
    if (!Dist.tensor() && OfUnknown) {
      Dist = Value();
      Dist.K = Kind::Tensor;
    }
    if (!Dist.tensor())
      return Value();
    Dist.K = Kind::Other;
    Dist.Class = Distribution;
    Dist.Mask = Dist.Sequence = false;
    Dist.Elements.clear();
    return Dist;
  }
  // torch.optim.AdamW(model.parameters(), ...): an optimizer where its parameters are. A
  // class of torch.optim itself: not of its modules (lr_scheduler, swa_utils' AveragedModel).
  if (((Callee.substr(0, 12) == "torch.optim." && Callee.find('.', 12) == std::string_view::npos) ||
       (Callee.substr(0, 6) == "optim." && Callee.find('.', 6) == std::string_view::npos)) &&
      !Last.empty() && Last[0] >= 'A' && Last[0] <= 'Z') {
    TSNode Given = argument(Call, 0, nullptr);
    Value Params = of(ts_node_is_null(Given) ? argument(Call, 0, "params") : Given, S);
    Value Opt;
    Opt.Class = Optimizer;
    if (Params.tensor() || Params.K == Kind::Module) {
      Opt.Where = Params.Where;
      Opt.Why = Params.Why;
      Opt.FromParams = Params.FromParams;
    }
    return Opt;
  }
  // NumPy's functions that make an array of several values (not a scalar: np.mean, np.sum).
  if ((Callee.substr(0, 3) == "np." || Callee.substr(0, 6) == "numpy.") &&
      (oneOf(Last, {"arange", "array", "asarray", "argsort", "permutation", "flatnonzero",
                    "argwhere", "concatenate", "unique"}) ||
       // np.random.choice(n) is one number; given a size, an array of them.
       (Last == "choice" && (!ts_node_is_null(argument(Call, 1, nullptr)) ||
                             !ts_node_is_null(argument(Call, 99, "size")))))) {
    Value Array;
    Array.Class = NumpyArray;
    return Array;
  }
  // torch.Tensor(data), torch.LongTensor(...): the legacy constructors make host tensors.
  // torch.Tensor(...) under a CUDA default tensor type is a CUDA tensor.
  if (isDotted(Callee) && Callee.substr(0, 6) == "torch." && Last.size() >= 6 &&
      Last.substr(Last.size() - 6) == "Tensor" && Callee.find(".cuda.") == std::string_view::npos) {
    const Value *D = defaultDeviceIn(S);
    Value Made = D && D->Class == TensorType && Callee == "torch.Tensor"
                     ? tensorAt(Place::Cuda, D->Why)
                     : tensorAt(Place::Cpu, madeOnCpu(Call));
    Made.Empty = madeEmpty(Call, Last);
    Made.Rank = constructorCopies(Call, S) ? -1 : sizeRank(Call, S); // LongTensor(2): sizes
    return Made;
  }
  if (Callee.substr(0, 6) == "torch." && Callee.find('.', 6) == std::string_view::npos) {
    Value Made = torchFunction(Call, Callee.substr(6), S);
    Made.Empty =
        Made.tensor() && oneOf(Last, {"tensor", "zeros", "ones", "empty"}) && madeEmpty(Call, Last);
    return Made;
  }
  for (const char *Functional : {"F.", "torch.nn.functional.", "nn.functional.", "torch.linalg.",
                                 "torch.fft.", "torch.special."})
    if (Callee.substr(0, std::strlen(Functional)) == Functional) {
      Value Out = combine({of(argument(Call, 0, nullptr), S), of(argument(Call, 1, nullptr), S)});
      return Out;
    }
  // torch.autograd.Variable(t) (PyTorch before 0.4) is t.
  if (Last == "Variable" && (Callee == "Variable" || Callee == "torch.autograd.Variable" ||
                             Callee == "autograd.Variable"))
    return of(argument(Call, 0, nullptr), S);
  // A module's parameter lives where the module is moved: not known here.
  if (Callee == "torch.nn.Parameter" || Callee == "nn.Parameter" || Callee == "Parameter")
    return tensorAt(Place::Unknown, "");
  if (Callee == "torch.accelerator.current_accelerator" || Callee == "torch.cuda.current_device")
    return deviceOf(Call, S);
  if (Callee == "next") { // next(loader), next(iter(loader)): a batch
    Value From = of(argument(Call, 0, nullptr), S);
    return From.K == Kind::Loader ? itemOf(From) : Value();
  }
  if (oneOf(Last, {"dict", "defaultdict", "OrderedDict", "Counter"}) && !S.find(Callee) &&
      !Classes.count(Callee)) {
    // dict(model=model.state_dict(), epoch=epoch): state as the dict written out is.
    Value Dict;
    bool Tensors = false;
    for (TSNode Arg : namedChildren(field(Call, "arguments")))
      if (is(Arg, "keyword_argument"))
        addEntry(Dict, of(field(Arg, "value"), S), Tensors);
    if (Dict.K != Kind::State) {
      Dict.Class = DictClass;
      Dict.Pinned = text(argument(Call, 0, "pin_memory")) == "True"; // dict(..., pin_memory=True)
    }
    return Dict;
  }
  // iter(loader): an iterator of its batches, read as the loader; so is a progress bar
  // over it (`epoch_iterator = tqdm(train_loader, desc=...)`, tqdm.tqdm, tqdm.auto.tqdm).
  if (Callee == "iter" || ((Last == "tqdm" || Callee == "tqdm.auto.tqdm") && !S.find(Callee) &&
                           !Classes.count(std::string(Callee))))
    if (Value From = of(argument(Call, 0, nullptr), S); From.K == Kind::Loader)
      return From;
  if (Callee == "int") { // int(os.environ["LOCAL_RANK"]); of a tensor, a read (a sync rule)
    Value Int;
    Int.K = Kind::Int;
    Int.Why = quote(text(Call)) + " at line " + std::to_string(line(Call));
    return Int;
  }
  if (Callee.size() >= 15 && Callee.substr(Callee.size() - 15) == "clip_grad_norm_") {
    // The total norm, where the gradients are: the parameters' place, when known.
    Value Params = of(argument(Call, 0, nullptr), S);
    if (!Params.tensor())
      return tensorAt(Place::Unknown, "");
    Params.Sequence = Params.Mask = false;
    return Params;
  }
  // A list, tuple, filter or sorted copy of tensors holds those tensors
  // (`list(filter(lambda p: p.grad is not None, parameters))`).
  if (oneOf(Callee, {"list", "tuple", "sorted", "reversed", "iter", "filter"})) {
    Value In = of(argument(Call, Callee == "filter" ? 1 : 0, nullptr), S);
    In.forgetShape();
    if (In.tensor()) {
      In.Sequence = true;
      return In;
    }
  }
  if (guessOn(Guess::LoaderName) && Callee.size() >= 10 &&
      Callee.substr(Callee.size() - 10) == "DataLoader") {
    Value L;
    L.K = Kind::Loader;
    L.Where = Place::Cpu;
    TSNode Pin = argument(Call, 0, "pin_memory");
    // pin_memory=True, or pin_memory=args.pin_mem of a flag on by default (a masked-autoencoder
    // trainer's parser.set_defaults(pin_mem=True)): the program as it runs unless told otherwise.
    L.Pinned = !ts_node_is_null(Pin) && (text(Pin) == "True" || (is(Pin, "attribute") && [&] {
                                           auto Default =
                                               flagDefault(text(field(Pin, "attribute")));
                                           return Default && Default->Text == "True";
                                         }()));
    // DataLoader(dataset, **kwargs) of a dict that says pin_memory=True (on either side of
    // `{...} if use_cuda else {}`: pinned where there is a GPU).
    if (ts_node_is_null(Pin))
      for (TSNode A : namedChildren(field(Call, "arguments")))
        if (is(A, "dictionary_splat") && ts_node_named_child_count(A) > 0) {
          TSNode Given = ts_node_named_child(A, 0);
          const Value *Named = is(Given, "identifier") ? S.find(text(Given)) : nullptr;
          L.Pinned |= (Named ? *Named : of(Given, S)).Pinned;
        }
    L.Why = "a batch of " + quote(std::string(text(field(Call, "function")))) + " at line " +
            std::to_string(line(Call));
    return L;
  }
  // torchvision's ToTensor, alone or in a Compose, makes a host tensor of an image;
  // transforms.functional.to_tensor(img) is one.
  if (Last == "ToTensor" || Last == "PILToTensor" ||
      (Last == "Compose" && text(Call).find("ToTensor(") != std::string_view::npos)) {
    Value Transform = tensorAt(Place::Cpu, madeOnCpu(Call));
    Transform.K = Kind::Transform;
    return Transform;
  }
  // torchvision's transforms of tensors (transforms.Normalize(mean, std)), by the names the
  // file imports it as; not a project's own transforms module, nor ToPILImage or Lambda.
  std::string_view Module = std::string_view(Callee).substr(0, Callee.size() - Last.size());
  if (!Module.empty() && Module.back() == '.')
    Module.remove_suffix(1);
  if ((Module.rfind("torchvision.transforms", 0) == 0 ||
       TransformModules.count(Module.substr(0, Module.find('.')))) &&
      !Last.empty() && std::isupper(static_cast<unsigned char>(Last[0])) &&
      !oneOf(Last, {"ToPILImage", "Lambda"}) && !S.find(Callee)) {
    Value Transform; // of a tensor, where the tensor is
    Transform.K = Kind::Transform;
    auto Syncs = [](std::string_view T) {
      return oneOf(T, {"Normalize", "RandomRotation", "RandomAffine"});
    };
    std::string_view Made = text(Call);
    // A Compose of one of them, by the transform's own name (`T.Normalize(`, `Normalize(`;
    // not a project's `GroupNormalize(`).
    auto Holds = [&](std::string_view Name) {
      for (size_t At = Made.find(Name); At != std::string_view::npos;
           At = Made.find(Name, At + 1)) {
        char Before = At == 0 ? ' ' : Made[At - 1];
        if (!std::isalnum(static_cast<unsigned char>(Before)) && Before != '_')
          return true;
      }
      return false;
    };
    Transform.Class =
        Syncs(Last) || (Last == "Compose" &&
                        (Holds("Normalize(") || Holds("RandomRotation(") || Holds("RandomAffine(")))
            ? SyncingTransform
            : TensorTransform;
    Transform.Why = quote(Made) + " at line " + std::to_string(line(Call));
    return Transform;
  }
  if ((Last == "to_tensor" || Last == "pil_to_tensor") && !S.find(Callee))
    return tensorAt(Place::Cpu, madeOnCpu(Call));
  if (Last == "GradScaler") { // torch.cuda.amp.GradScaler(), torch.amp.GradScaler("cuda")
    Value Scaler;
    Scaler.K = Kind::Scaler;
    Scaler.Why = quote(text(Call)) + " at line " + std::to_string(line(Call));
    return Scaler;
  }
  // Library objects whose methods read the GPU (python/PythonLibraryCalls): timm's
  // NativeScaler, a GradScaler that its __call__ steps; a scheduler that reads its metric
  // (ReduceLROnPlateau); apex's LARC, whose step compares norms on the host. Not a class of
  // the project's of the same name, which is read as any of its classes.
  // torch.optim.swa_utils.AveragedModel(model, device=d): its count of averages is a buffer
  // on d, which update_parameters compares with 0 in Python (bench/library-syncs: no wait
  // without device=, the count then stays on the host).
  if (Last == "AveragedModel" && !Classes.count(Callee) && !S.find(Callee)) {
    // (A device= of unknown place: the accelerator's, as a rule; "cpu" keeps the EMA off it.)
    TSNode On = argument(Call, 0, "device");
    if (ts_node_is_null(On))
      On = argument(Call, 1, nullptr); // AveragedModel(model, device)
    Value To = ts_node_is_null(On) ? Value() : deviceOf(On, S);
    if (!ts_node_is_null(On) && text(On) != "None" && To.Where != Place::Cpu) {
      Value Averaged; // a module, of the averaged weights, on d
      Averaged.K = Kind::Module;
      Averaged.Class = "AveragedModel";
      Averaged.Where = To.Where;
      Averaged.Why = quote(text(Call)) + " at line " + std::to_string(line(Call));
      return Averaged;
    }
  }
  if ((Last == "NativeScaler" || Last == "NativeScalerWithGradNormCount" ||
       Last == "ReduceLROnPlateau" || Last == "LARC") &&
      !Classes.count(Callee) && !S.find(Callee)) {
    Value Object;
    Object.K = Last == "ReduceLROnPlateau" || Last == "LARC" ? Kind::Other : Kind::Scaler;
    Object.Class = Last == "NativeScalerWithGradNormCount" ? "NativeScaler" : std::string(Last);
    Object.Why = quote(text(Call)) + " at line " + std::to_string(line(Call));
    return Object;
  }
  if (Callee == "wandb.init") { // a run, whose log() is wandb.log
    Value Run;
    Run.Class = "wandb.Run";
    return Run;
  }
  // Wrappers of a module are the module: DistributedDataParallel(model) (torch.compile(model):
  // torchFunction), nn.SyncBatchNorm.convert_sync_batchnorm(model) (its batch norms swapped in
  // place).
  if (Last == "DistributedDataParallel" || Last == "DataParallel" ||
      Last == "convert_sync_batchnorm") {
    Value Wrapped = of(argument(Call, 0, nullptr), S);
    if (Wrapped.K == Kind::Module)
      return Wrapped;
    Value M; // a module wrapped where its module is, which the analysis does not know
    M.K = Kind::Module;
    M.Class = std::string(Last);
    return M;
  }
  if (isDotted(Callee) && (buildsLibraryModule(Callee) || ModuleClasses.count(Callee))) {
    Value M;
    M.K = Kind::Module;
    M.Where = Place::Cpu;
    M.Why = "built on the CPU at line " + std::to_string(line(Call));
    // A project class by the name the file calls it (`nets.Detector`, as the imported
    // methods are keyed); a library one by its last part (nn.TransformerEncoder's forward
    // checks its mask: PythonLibraryCalls).
    M.Class = ModuleClasses.count(Callee) ? std::string(Callee) : std::string(Last);
    // nn.ModuleList([Block(d) for _ in range(n)]) (or written out) of modules of one class:
    // that module is its one element, which a loop over it and [i] give (Values::element).
    if (Last == "ModuleList")
      if (std::optional<Value> One = oneModuleClass(argument(Call, 0, nullptr), S))
        M.Elements.push_back(std::move(*One)); // placed where the list is (element())
    return M;
  }
  // torchvision.models.__dict__[args.arch](): a model chosen by name (pytorch/examples).
  if (is(Fn, "subscript")) {
    std::string Table = dotted(field(Fn, "value"));
    if (Table == "models.__dict__" || Table == "torchvision.models.__dict__") {
      Value M;
      M.K = Kind::Module;
      M.Where = Place::Cpu;
      M.Why = "built on the CPU at line " + std::to_string(line(Call));
      return M;
    }
  }
  // model(x), criterion(out, y), nn.CrossEntropyLoss()(out, y): a module's output, where its
  // weights or its inputs are.
  const Value *Known = S.find(Callee);
  // A module made or reached on the spot: nn.CrossEntropyLoss()(out, y), ddp.module(x).
  Value Made = is(Fn, "call") || (is(Fn, "attribute") && text(field(Fn, "attribute")) == "module")
                   ? of(Fn, S)
                   : Value();
  if (!Known && (Made.K == Kind::Module || Made.K == Kind::Transform))
    Known = &Made;
  if (Known && Known->K == Kind::Transform &&
      (Known->Class == TensorTransform || Known->Class == SyncingTransform)) {
    Value In = of(argument(Call, 0, nullptr), S); // normalize(image)
    if (!In.tensor() || In.Sequence)
      return Value();
    In.Mask = false;
    return In;
  }
  if (Known && Known->K == Kind::Transform) // transform(img)
    return tensorAt(Place::Cpu, Known->Why);
  if (Known && Known->K == Kind::Module) {
    Value In = combine({of(argument(Call, 0, nullptr), S), of(argument(Call, 1, nullptr), S)});
    if (Known->Where == Place::Cuda)
      return combine({weightsOf(*Known), In});
    return In.tensor() ? In : tensorAt(Place::Unknown, "");
  }
  // An object of one of the file's classes (not a module): AverageMeter("Acc@1").
  if (isDotted(Callee) && Classes.count(Callee)) {
    Value Object;
    Object.K = Kind::Object;
    Object.Class = std::string(Callee);
    Object.Why = quote(text(Call)) + " at line " + std::to_string(line(Call));
    return Object;
  }
  if (Returned)
    if (std::optional<Value> R = Returned(Call, S))
      return *R;
  // conf.test_transform(img), self.transform(image): a transform of unknown origin (a
  // Compose another module's config holds) given an image, not a tensor, makes a host
  // tensor of it, as ToTensor does (the images a model sees come to it that way).
  if ((!Known || Known->unknownType()) && guessOn(Guess::TransformName) &&
      (endsWithWord(Last, "transform") || endsWithWord(Last, "transforms"))) {
    TSNode Image = argument(Call, 0, nullptr);
    if (!ts_node_is_null(Image) && !of(Image, S).tensor())
      return tensorAt(Place::Cpu, "what the image transform " + quote(text(Fn)) + " at line " +
                                      std::to_string(line(Call)) + " makes");
  }
  // A parameter of unknown type named as a network (`out = pnet(im_data)`, `model(images)`
  // in an evaluate(loader, model) whose callers hand it a loaded model) called on a tensor:
  // its output is a tensor where its input is. (Not a callback of another name, `decode(p)`,
  // which may return text.)
  if (is(Fn, "identifier") && Known && Known->unknownType() && Known->LikeParams &&
      Known->Elements.empty() && networkName(text(Fn))) {
    Value In = of(argument(Call, 0, nullptr), S);
    if (In.tensor() && !In.Sequence && In.Elements.empty()) {
      In.Mask = false;
      return In;
    }
  }
  if (is(Fn, "attribute")) {
    TSNode Receiver = field(Fn, "object");
    return method(Call, Receiver, text(field(Fn, "attribute")), S);
  }
  return Value();
}

// The row of the op a Python call names, when Python spells it so (a method: t.name(...),
// or a torch function: torch.name(...)); none for an op C++ alone has.
std::optional<OpRow> Values::row(std::string_view Name, bool IsMethod) const {
  OpRow R = opRow(Name);
  if (R.Python == PythonSpelling::None || R.Python == PythonSpelling::Index ||
      (R.Python == PythonSpelling::Method && !IsMethod))
    return std::nullopt;
  return R;
}

// A result on the device an argument names (device=, or .to's target): the value the
// caller passes in (a tensor, or a module moved whole) moved there; unchanged when the
// argument names no device (a dtype).
Value Values::movedTo(Value Self, TSNode Target, TSNode Call, const Scope &S) const {
  if (ts_node_is_null(Target))
    return Self;
  Value D = deviceOf(Target, S);
  if (D.K != Kind::Device && !D.tensor())
    return Self;
  Self.Where = D.Where;
  Self.FromParams = D.FromParams; // to the device a parameter names, or to its own
  Self.Why =
      D.Where == Place::Unknown ? "" : quote(text(Call)) + " at line " + std::to_string(line(Call));
  Self.Pinned = false;
  return Self;
}

// The rank a factory of sizes gives (torch.zeros(n, m), torch.zeros((n, m)), torch.ones([n]),
// torch.LongTensor(2)): the sizes given one by one, each a number (a literal, a name holding
// an int or named as one count, len(x), x.size(0), x.shape[0], arithmetic of them), or the one
// tuple's or list's length; -1 when a size is spread (`*shape`) or may hold several
// (`torch.zeros(shape)`, `torch.zeros(img_size)`, `torch.zeros(x.shape[-2:])`), and for the
// factories whose arguments are not sizes (arange, linspace, eye, randint, normal).
int8_t Values::sizeRank(TSNode Call, const Scope &S) const {
  std::string_view Op = lastPart(text(field(Call, "function")));
  if (!oneOf(Op, {"zeros", "ones", "empty", "full", "rand", "randn"}) &&
      (Op.size() < 6 || Op.substr(Op.size() - 6) != "Tensor"))
    return -1;
  auto Number = [&](TSNode A) {
    if (pythonNumber(A, S))
      return true;
    Value Held = is(A, "identifier") || is(A, "attribute") ? of(A, S) : Value();
    return (is(A, "identifier") || is(A, "attribute")) && Held.unknownType() &&
           Held.Elements.empty() && countName(lastPart(text(A)));
  };
  int Sizes = 0;
  for (TSNode A : namedChildren(field(Call, "arguments"))) {
    if (is(A, "keyword_argument") || is(A, "comment"))
      continue;
    if (is(A, "parenthesized_expression")) // torch.zeros((n), ...): n
      A = ts_node_named_child(A, 0);
    if ((is(A, "tuple") || is(A, "list")) && Sizes == 0) {
      NamedChildren Each(A);
      if (!std::all_of(Each.begin(), Each.end(), Number))
        return -1;
      Sizes = static_cast<int>(Each.size());
      break;
    }
    if (!Number(A))
      return -1;
    ++Sizes;
  }
  return Sizes > 0 && Sizes < 8 ? static_cast<int8_t>(Sizes) : -1;
}

bool Values::pythonNumber(TSNode N, const Scope &S) const {
  // A literal (-1, 0.5, True), a name holding an int, len(x), int(t), x.size(0), x.shape[0],
  // or arithmetic of numbers; not a tensor, nor a value of unknown kind, nor x.shape[-2:].
  if (ts_node_is_null(N))
    return false;
  if (is(N, "unary_operator") || is(N, "parenthesized_expression"))
    return pythonNumber(ts_node_named_child(N, 0), S);
  if (is(N, "integer") || is(N, "float") || is(N, "true") || is(N, "false"))
    return true;
  if (is(N, "binary_operator"))
    return pythonNumber(field(N, "left"), S) && pythonNumber(field(N, "right"), S);
  if (is(N, "call"))
    return oneOf(lastPart(text(field(N, "function"))), {"len", "int", "float", "size", "numel"}) &&
           ts_node_named_child_count(field(N, "arguments")) > 0;
  if (is(N, "subscript") && lastPart(text(field(N, "value"))) == "shape")
    return is(field(N, "subscript"), "integer") || is(field(N, "subscript"), "unary_operator");
  return of(N, S).K == Kind::Int; // a name, or an element of a tuple of ints (size[0])
}

bool Values::lossName(TSNode N) const {
  // A loss by its name (`loss_G`, `self.loss_D`, `losses[name]`), not its weights.
  TSNode Named = is(N, "subscript") ? field(N, "value") : N;
  if (!is(Named, "identifier") && !is(Named, "attribute"))
    return false;
  std::string Name = lowered(lastPart(text(Named)));
  return guessOn(Guess::LossName) && Name.find("loss") != std::string::npos &&
         Name.find("weight") == std::string::npos;
}

bool countName(std::string_view Name) {
  // One count, by its words: n_dets, num_boxes, numClasses, batch_size, batchSize, seq_len,
  // hidden_dim, n; not of several (sizes, lengths, img_size's tuple is named as a size too,
  // so only *_size of a batch or a count word), nor data (input_numpy).
  if (!guessOn(Guess::CountName))
    return false;
  std::string L = lowered(Name);
  auto Ends = [&](std::string_view W) {
    return L.size() >= W.size() && L.compare(L.size() - W.size(), W.size(), W) == 0;
  };
  return L == "n" || L == "k" || L.rfind("n_", 0) == 0 || L.rfind("num_", 0) == 0 ||
         (L.rfind("num", 0) == 0 && Name.size() > 3 &&
          std::isupper(static_cast<unsigned char>(Name[3]))) ||
         Ends("batch_size") || Ends("batchsize") || Ends("_len") || Ends("_length") ||
         Ends("_dim") || Ends("_count") || Ends("_num");
}

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
    Out.Pinned = false;
    break;
  case ResultDevice::Cpu:
    Out = tensorAt(Place::Cpu, Where);
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
  if (Name == "cpu" && Self.unknownType())
    return tensorAt(Place::Cpu, "`.cpu()` at line " + std::to_string(line(Call)));
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
    One.Where = Container.Where; // moved with the module that holds it
    One.Why = Container.Why;
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
      Any.Where = Place::Cuda;
      Any.Why = Container.Why;
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
    Element.Where = Owner.K == Kind::Module ? Owner.Where : Place::Unknown;
    Element.Why = Owner.K == Kind::Module ? Owner.Why : "";
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
