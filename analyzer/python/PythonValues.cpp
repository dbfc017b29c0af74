#include "python/PythonValues.h"
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
  W.HostCopy = Module.HostCopy;
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
      Out.placeOf(P);
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
    for (const Value &P : Parts)
      if (P.tensor())
        Out.placeOf(P); // every one on the CPU: the last one's reason
  }
  if (Out.Where == Place::Unknown) // where a call's tensors are, for the parts made so
    for (const Value &P : Parts)
      Out.LikeParams |= P.Elements.empty() ? P.LikeParams : 0;
  return Out;
}

Value combined(const Value &A, const Value &B) { return combine({A, B}); }

bool sameFacts(const Value &A, const Value &B) {
  return A.K == B.K && A.Where == B.Where && A.Mask == B.Mask && A.Pinned == B.Pinned &&
         A.ZeroDimIndex == B.ZeroDimIndex && A.HostIndex == B.HostIndex && A.Rank == B.Rank &&
         A.Empty == B.Empty && A.Ragged == B.Ragged && A.Assumed == B.Assumed &&
         A.HostCopy == B.HostCopy &&
         std::equal(A.Elements.begin(), A.Elements.end(), B.Elements.begin(), B.Elements.end(),
                    sameFacts);
}

bool sameValue(const Value &A, const Value &B) {
  return sameFacts(A, B) && A.Sequence == B.Sequence && A.FromParams == B.FromParams &&
         A.LikeParams == B.LikeParams && A.Why == B.Why && A.Class == B.Class &&
         std::equal(A.Elements.begin(), A.Elements.end(), B.Elements.begin(), B.Elements.end(),
                    sameValue);
}

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
      D.placeOf(Owner);
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
    // A name that says it holds a type (`dtype`, `self.data_type`): `.to()` of it casts.
    if (guessOn(Guess::TypeName) &&
        (Last.find("dtype") != std::string_view::npos || endsWithWord(Last, "type")))
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

} // namespace hostsync::python
